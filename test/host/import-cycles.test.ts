// No import circles in electron/, renderer/ or shared/: the static imports of every .ts and .tsx
// there, relative paths resolved (`.js` to `.ts` or `.tsx`), form a graph without cycles; a cycle
// fails the test, named file by file.
// Type-only imports count: tsc erases them, so they cannot break a load order, but a module that
// names another's types still depends on it, and a circle of them is the same knot to untie (the
// one between the fold, the segment scan and the byte reader ran partly through types).
// Dynamic import() does not count: it loads when called, and is how the app keeps the demo off its
// path (see layering-lint.test.ts).

import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const LAYERS = ['electron', 'renderer', 'shared'].map((layer) => ({
  layer,
  root: fileURLToPath(new URL(`../../${layer}/`, import.meta.url)),
}));

/**
 * `import … from '…'`, `import '…'` and `export … from '…'` at the start of a line, over as many
 * lines as the names take; not an import inside a comment or a string further along a line.
 */
const STATIC_IMPORT = /^[ \t]*(?:import|export)\b(?:[^'";]*?\bfrom\s*)?\s*'([^']+)'/gm;

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    if (entry.name === 'node_modules') return [];
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each file under root and the files under root it imports statically, all relative to root. */
function importGraph(root: string): Map<string, string[]> {
  const files = typeScriptFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // A module imported for its types and its values is one edge.
    const targets = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) continue;
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
      const target = [`${base}.ts`, `${base}.tsx`].find((path) => known.has(path));
      // Imports out of root (shared/) cannot lead back into it: shared/ imports only shared/.
      if (target !== undefined) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), [...targets]);
  }
  return graph;
}

/** Every cycle a depth-first walk meets, each as its files in import order, the first repeated. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): void => {
    path.push(file);
    onPath.add(file);
    for (const target of graph.get(file) ?? []) {
      if (onPath.has(target)) cycles.push([...path.slice(path.indexOf(target)), target]);
      else if (!done.has(target)) visit(target);
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it.each(LAYERS)('finds none among the static imports of $layer/', ({ root }) => {
    const graph = importGraph(root);
    // The walk saw the tree, not an empty folder or a regex that matches nothing.
    expect(graph.size).toBeGreaterThan(20);
    expect([...graph.values()].flat().length).toBeGreaterThan(25);
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('names a cycle, through type-only and multi-line imports and a re-export', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      mkdirSync(join(root, 'sub'));
      writeFileSync(join(root, 'a.ts'), "import { b } from './sub/b.js';\nexport const a = b;\n");
      writeFileSync(
        join(root, 'sub', 'b.ts'),
        "import type {\n  C,\n} from '../c.js';\nexport const b = 1 as unknown as C;\n",
      );
      writeFileSync(join(root, 'c.ts'), "export { a as C } from './a.js';\n");
      // Neither a comment, a dynamic import nor a package is an edge.
      writeFileSync(
        join(root, 'd.ts'),
        "// import { a } from './a.js';\nimport { join } from 'node:path';\n" +
          "export const d = () => import('./a.js');\nexport const e = join;\n",
      );
      writeFileSync(join(root, 'e.ts'), "import './d.js';\n");
      // A .js specifier names a .tsx file as well.
      writeFileSync(join(root, 'f.tsx'), "import { e } from './g.js';\nexport const f = e;\n");
      writeFileSync(join(root, 'g.ts'), "import type { f } from './f.js';\nexport const e = 1;\n");
      const graph = importGraph(root);
      expect(graph.get('d.ts')).toEqual([]);
      expect(graph.get('e.ts')).toEqual(['d.ts']);
      expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([
        `a.ts -> ${join('sub', 'b.ts')} -> c.ts -> a.ts`,
        'f.tsx -> g.ts -> f.tsx',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
