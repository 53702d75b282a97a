// The lint rule that keeps the run writer and the demo off the app's path: outside electron/demo/
// a static import of them fails lint, the tags-and-notes writer and a dynamic import() pass.

import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: REPO });

/** The rules that fail for code placed at path (relative to the repository). */
async function failures(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO, path) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const demoImports = (up: string) => [
  `import { RunWriter } from '${up}demo/writer/run-writer.js';\nexport const a = RunWriter;\n`,
  `import { publishVersion } from '${up}demo/writer/artifacts.js';\nexport const a = publishVersion;\n`,
  `import { writeDemoStore } from '${up}demo/demo-store.js';\nexport const a = writeDemoStore;\n`,
];

describe('the app never imports the run writer or the demo', () => {
  const places: [string, string][] = [
    ['electron/host/example.ts', '../'],
    ['electron/follow/example.ts', '../'],
    ['electron/store/example.ts', '../'],
    ['electron/store/writer/example.ts', '../../'],
    ['electron/main.ts', './'],
    ['electron/cli.ts', './'],
    ['electron/preload.ts', './'],
  ];

  it('fails a static import of them anywhere outside electron/demo/', async () => {
    for (const [path, up] of places) {
      for (const code of demoImports(up)) {
        const found = await failures(path, code);
        expect(found, `${path}: ${code}`).toEqual([
          expect.stringMatching(/^no-restricted-imports: /),
        ]);
      }
    }
  });

  it('passes the tags-and-notes writer, a dynamic import(), and the demo importing its writer', async () => {
    expect(
      await failures(
        'electron/host/example.ts',
        "import { addTag } from '../store/writer/tags-notes.js';\nexport const a = addTag;\n",
      ),
    ).toEqual([]);
    expect(
      await failures(
        'electron/main.ts',
        "export const demo = () => import('./demo/demo-store.js');\n",
      ),
    ).toEqual([]);
    expect(
      await failures(
        'electron/demo/example.ts',
        "import { RunWriter } from './writer/run-writer.js';\nexport const a = RunWriter;\n",
      ),
    ).toEqual([]);
  });
});
