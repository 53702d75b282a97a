// The pure logic of the files a run logged: grouping by key in first-logged order, the steps a
// key logged, the nearest logged step to a typed one, and snapping at-or-before a shared cursor.

import type { LoggedFileInfo, LoggedFileKind } from '../../../shared/api/contract.js';

/** One key's files, in step order (log order among files of one step). */
export interface FileGroup {
  readonly key: string;
  /** The kind of every file of the key; 'other' when they are of several kinds. */
  readonly kind: LoggedFileKind;
  readonly files: readonly LoggedFileInfo[];
  /** Each file's step, ascending, parallel to files. */
  readonly steps: readonly number[];
}

/** The files grouped by key, keys in the order the run first logged them. */
export function groupFiles(files: readonly LoggedFileInfo[]): FileGroup[] {
  const byKey = new Map<string, LoggedFileInfo[]>();
  for (const file of files) {
    let list = byKey.get(file.key);
    if (list === undefined) byKey.set(file.key, (list = []));
    list.push(file);
  }
  return [...byKey].map(([key, list]) => {
    // A stable sort: two files of one step (a -1 suffix) keep their log order.
    const sorted = [...list].sort((a, b) => a.step - b.step);
    const kinds = new Set(sorted.map((file) => file.kind));
    const kind: LoggedFileKind = kinds.size === 1 ? sorted[0]!.kind : 'other';
    return { key, kind, files: sorted, steps: sorted.map((file) => file.step) };
  });
}

/** The index of the first step >= target in ascending steps; steps.length when none. */
function lowerBound(steps: readonly number[], target: number): number {
  let low = 0;
  let high = steps.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (steps[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the first step > target in ascending steps; steps.length when none. */
function upperBound(steps: readonly number[], target: number): number {
  let low = 0;
  let high = steps.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (steps[middle]! <= target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the logged step nearest target (the lower on a tie); -1 when there are none. */
export function nearestStepIndex(steps: readonly number[], target: number): number {
  if (steps.length === 0) return -1;
  if (!Number.isFinite(target)) return target > 0 ? steps.length - 1 : 0;
  const at = lowerBound(steps, target);
  if (at === 0) return 0;
  if (at === steps.length) return steps.length - 1;
  // The first of equal steps: a key that logged two files at one step shows the first.
  const below = lowerBound(steps, steps[at - 1]!);
  return target - steps[at - 1]! <= steps[at]! - target ? below : at;
}

/** The index of the last logged step at or before target (its first file); -1 when none is. */
export function atOrBeforeIndex(steps: readonly number[], target: number): number {
  const after = upperBound(steps, target);
  if (after === 0) return -1;
  return lowerBound(steps, steps[after - 1]!);
}

/** What a run shows at a shared cursor: its file at or before it, or none logged that early. */
export function shownAt(group: FileGroup | undefined, cursor: number): LoggedFileInfo | null {
  if (group === undefined) return null;
  const at = atOrBeforeIndex(group.steps, cursor);
  return at < 0 ? null : group.files[at]!;
}

/** The distinct steps of several ascending step lists, ascending: the shared cursor's stops. */
export function unionSteps(lists: readonly (readonly number[])[]): number[] {
  const all = new Set<number>();
  for (const list of lists) for (const step of list) all.add(step);
  return [...all].sort((a, b) => a - b);
}

/** The distinct steps of a group, ascending: where its slider stops. */
export function distinctSteps(group: FileGroup): number[] {
  return unionSteps([group.steps]);
}

/** A file's name within its path, for a download's name. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
