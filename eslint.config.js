// ESLint: type-aware rules plus the layering rules of DESIGN.md, enforced per folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** @param {string[]} names @param {{group: string[], message: string}[]} patterns */
function restrict(names, patterns, message) {
  return {
    'no-restricted-imports': [
      'error',
      { paths: names.map((name) => ({ name, message })), patterns },
    ],
  };
}

/** Libraries of the page alone: the renderer's table parsing, Markdown and its sanitizing. */
const pageLibraries = ['papaparse', 'markdown-it', 'dompurify'];

const hostNeverImports = {
  group: ['**/renderer/**', '**/test/**'],
  message: 'electron/ never imports renderer/ or test/.',
};

const appNeverImportsDemo = {
  group: ['**/demo/**'],
  message:
    'The app imports only the tags-and-notes writer (electron/store/writer/); the run writer and ' +
    'the demo (electron/demo/) load by a dynamic import() where a demo is asked for.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'build/**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict(
      [
        ...nodeBuiltins,
        'electron',
        'react',
        'react-dom',
        'uplot',
        'fs-ext',
        'ws',
        ...pageLibraries,
      ],
      [
        {
          group: ['**/electron/**', '**/renderer/**', '**/test/**', 'node:*'],
          message: 'shared/ is pure TypeScript: it imports only shared/ and pure npm packages.',
        },
      ],
      'shared/ is pure TypeScript: no node, DOM, electron, react or uplot.',
    ),
  },
  {
    files: ['electron/demo/**/*.ts'],
    rules: restrict(
      ['react', 'react-dom', 'uplot', ...pageLibraries],
      [hostNeverImports],
      'electron/ is the host: no UI libraries.',
    ),
  },
  {
    // The app writes tags and notes only (store/writer/). The run writer and the demo it serves
    // live in demo/, which the rest of the host may reach only by the CLI's and the menu's
    // dynamic import() (a rule this one does not see), never on every launch.
    files: ['electron/**/*.ts'],
    ignores: ['electron/preload.ts', 'electron/demo/**'],
    rules: restrict(
      ['react', 'react-dom', 'uplot', ...pageLibraries],
      [hostNeverImports, appNeverImportsDemo],
      'electron/ is the host: no UI libraries.',
    ),
  },
  {
    files: ['electron/preload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({ name, message: 'The preload runs sandboxed.' })),
            {
              name: 'electron',
              allowImportNames: ['contextBridge', 'ipcRenderer', 'webUtils'],
              message: 'The preload takes only contextBridge, ipcRenderer and webUtils.',
            },
          ],
          patterns: [
            {
              group: [
                './store/**',
                './follow/**',
                './host/**',
                './demo/**',
                '**/renderer/**',
                'fs-ext',
              ],
              message: 'The preload imports only shared/ and electron.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: restrict(
      [...nodeBuiltins, 'electron', 'fs-ext', 'ws'],
      [
        {
          group: ['**/electron/**', '**/test/**', 'node:*'],
          message: 'renderer/ talks only to the Api declared in shared/.',
        },
      ],
      'renderer/ talks only to the Api declared in shared/.',
    ),
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
);
