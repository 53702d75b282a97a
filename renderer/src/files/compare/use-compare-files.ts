// The files of the runs a Compare shows, by run and key: every key any run logged with its kind,
// in the order first met, and a shared step cursor over every step any run logged for a key.

import { useMemo, useState } from 'react';
import type {
  LoggedFileInfo,
  LoggedFileKind,
  RunSummary,
} from '../../../../shared/api/contract.js';
import type { FileGroup } from '../file-steps.js';
import { distinctSteps, groupFiles, nearestStepIndex, shownAt, unionSteps } from '../file-steps.js';
import type { LoggedFiles } from '../use-logged-files.js';
import { useLoggedFiles } from '../use-logged-files.js';

export interface CompareKey {
  readonly key: string;
  /** The kind every run's files of the key share; 'other' when they differ. */
  readonly kind: LoggedFileKind;
}

export interface CompareFilesModel {
  readonly listed: LoggedFiles;
  readonly keys: readonly CompareKey[];
  readonly groupsByRun: ReadonlyMap<string, ReadonlyMap<string, FileGroup>>;
}

export function useCompareFiles(runs: readonly RunSummary[]): CompareFilesModel {
  const runIds = useMemo(() => runs.map((run) => run.id), [runs]);
  const listed = useLoggedFiles(runIds);
  const groupsByRun = useMemo(
    () =>
      new Map(
        [...listed.files].map(([id, files]) => [
          id,
          new Map(groupFiles(files).map((group) => [group.key, group])),
        ]),
      ),
    [listed.files],
  );
  const keys = useMemo(() => {
    const kinds = new Map<string, Set<LoggedFileKind>>();
    for (const id of runIds)
      for (const group of groupsByRun.get(id)?.values() ?? []) {
        let set = kinds.get(group.key);
        if (set === undefined) kinds.set(group.key, (set = new Set()));
        set.add(group.kind);
      }
    return [...kinds].map(([key, set]) => ({
      key,
      kind: set.size === 1 ? [...set][0]! : ('other' as const),
    }));
  }, [runIds, groupsByRun]);
  return { listed, keys, groupsByRun };
}

export interface CompareCursor {
  /** Every step any run logged for the key, ascending: where the cursor stops. */
  readonly steps: readonly number[];
  readonly index: number;
  readonly cursor: number | undefined;
  readonly setIndex: (index: number) => void;
  /** Each run with its file at or before the cursor. */
  readonly shown: readonly { readonly run: RunSummary; readonly file: LoggedFileInfo | null }[];
}

/** The shared step cursor over a key's steps; it follows the last step until moved. */
export function useCompareCursor(
  runs: readonly RunSummary[],
  groupsByRun: CompareFilesModel['groupsByRun'],
  key: string | null,
): CompareCursor {
  const groups = runs.map((run) => (key === null ? undefined : groupsByRun.get(run.id)?.get(key)));
  const steps = unionSteps(groups.map((g) => (g === undefined ? [] : distinctSteps(g))));
  // null: at the last step, following the runs as they log.
  const [cursorStep, setCursorStep] = useState<number | null>(null);
  const index = cursorStep === null ? steps.length - 1 : nearestStepIndex(steps, cursorStep);
  const cursor = steps[index];
  return {
    steps,
    index,
    cursor,
    setIndex: (next) => setCursorStep(next >= steps.length - 1 ? null : steps[next]!),
    shown: runs.map((run, i) => ({
      run,
      file: cursor === undefined ? null : shownAt(groups[i], cursor),
    })),
  };
}
