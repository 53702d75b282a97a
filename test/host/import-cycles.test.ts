// No import circles in electron/: the static imports of every .ts there, relative paths resolved
// (`.js` to `.ts`), form a graph without cycles; a cycle fails the test, named file by file.
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

const ELECTRON = fileURLToPath(new URL('../../electron/', import.meta.url));

/**
 * `import … from '…'`, `import '…'` and `export … from '…'` at the start of a line, over as many
 * lines as the names take; not an import inside a comment or a string further along a line.
 */
const STATIC_IMPORT = /^[ \t]*(?:import|export)\b(?:[^'";]*?\bfrom\s*)?\s*'([^']+)'/gm;

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
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
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      // Imports out of root (shared/) cannot lead back into it: shared/ imports only shared/.
      if (known.has(target)) targets.add(relative(root, target));
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
  it('finds none among the static imports of electron/', () => {
    const graph = importGraph(ELECTRON);
    // The walk saw the tree, not an empty folder or a regex that matches nothing.
    expect(graph.size).toBeGreaterThan(50);
    expect([...graph.values()].flat().length).toBeGreaterThan(100);
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
      const graph = importGraph(root);
      expect(graph.get('d.ts')).toEqual([]);
      expect(graph.get('e.ts')).toEqual(['d.ts']);
      expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([
        `a.ts -> ${join('sub', 'b.ts')} -> c.ts -> a.ts`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
