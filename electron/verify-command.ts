// munin-view verify: checks artifact versions against their blobs, a line per version, exit 0
// when every one checked is intact (or deleted), 1 when any is not, 2 for what names nothing.

import { byteSize } from '../shared/format/byte-size.js';
import { checkStore, StoreError } from './store/store.js';
import { realStoreRoot } from './store/store-files.js';
import type { VerifyProgress, VerifyResult, VerifyTarget } from './store/verify.js';
import { verifyVersions } from './store/verify.js';
import { allTargets, resolveTarget, UnknownTarget } from './store/verify-targets.js';

/** The detail lines under a version's line: why it is not intact, indented by two spaces. */
export function detailLines(result: VerifyResult): string[] {
  if (result.status === 'unreadable') return [result.reason];
  if (result.status !== 'modified') return [];
  const lines = [`now ${result.actual}`];
  const { actual, expected } = result.size;
  if (expected !== null && actual !== expected)
    lines.push(`size ${actual} bytes; the version says ${expected}`);
  if (result.changed === null) return lines;
  if (result.allChanged || result.changed.length === 0) {
    lines.push(
      result.allChanged
        ? "every entry's time is after the version's, as after a copy that kept no times: which differ cannot be told"
        : "no entry's time is after the version's: which entries differ cannot be told",
    );
    return lines;
  }
  for (const entry of result.changed)
    lines.push(
      entry.change === 'content'
        ? `changed ${entry.path}: written after the version was published`
        : `changed ${entry.path === '' ? '.' : entry.path}/: an entry added, removed or renamed in it after the version was published`,
    );
  return lines;
}

function versionLine(result: VerifyResult): string {
  const head = `${result.name}:${result.version} ${result.status} ${result.digest ?? '-'}\n`;
  return (
    head +
    detailLines(result)
      .map((line) => `  ${line}\n`)
      .join('')
  );
}

/** "hashing 3.2 GB, 41%", rewritten in place on a terminal. */
function progressWriter(): ((progress: VerifyProgress) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  return ({ bytes, total }) => {
    const percent = total === 0 ? 100 : Math.min(100, Math.floor((bytes / total) * 100));
    process.stderr.write(`\rhashing ${byteSize(total)}, ${percent}%\x1b[K`);
  };
}

export async function verifyCommand(
  args: readonly string[],
  fail: (message: string, status?: number) => never,
): Promise<void> {
  const [root, ...specs] = args;
  if (root === undefined || root.startsWith('-')) fail('verify takes a STORE and names to check');
  const unknownOption = specs.find((spec) => spec.startsWith('-'));
  if (unknownOption !== undefined) fail(`verify: unknown option ${unknownOption}`);
  let targets: VerifyTarget[];
  try {
    checkStore(root);
    const realRoot = realStoreRoot(root);
    targets =
      specs.length === 0
        ? allTargets(root)
        : specs.flatMap((s) => resolveTarget(root, s, realRoot));
  } catch (error) {
    if (error instanceof StoreError || error instanceof UnknownTarget) fail(error.message);
    throw error;
  }
  const onProgress = progressWriter();
  const results = await verifyVersions(root, targets, { onProgress });
  if (onProgress !== undefined) process.stderr.write('\r\x1b[K');
  process.stdout.write(results.map(versionLine).join(''));
  // A deleted version holds nothing to check: deleting is a writer's act, not damage.
  const intact = results.every((r) => r.status === 'ok' || r.status === 'deleted');
  process.exitCode = intact ? 0 : 1;
}
