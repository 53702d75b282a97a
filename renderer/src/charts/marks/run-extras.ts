// What a run's detail adds to its curve panels beyond samples: annotations and resumes to mark,
// stage stretches to tint, each key's labels to filter or colour by, each key's abandoned copy.

import type { KeyLabels, RunDetail } from '../../../../shared/api/contract.js';
import type { PanelMark } from './mark-clusters.js';
import { runMarks } from './mark-clusters.js';
import type { StageStretch } from './stage-stretches.js';
import { stageStretches } from './stage-stretches.js';

export interface RunExtras {
  readonly marks: readonly PanelMark[];
  readonly stages: readonly StageStretch[];
  /** By key: its labels, each with its values. */
  readonly labels: ReadonlyMap<string, KeyLabels['labels']>;
  /** By key: how many samples of it a resume abandoned. */
  readonly orphans: ReadonlyMap<string, number>;
}

export const NO_EXTRAS: RunExtras = {
  marks: [],
  stages: [],
  labels: new Map(),
  orphans: new Map(),
};

export function runExtras(
  detail: Pick<RunDetail, 'annotations' | 'resumes' | 'labels' | 'orphans'>,
): RunExtras {
  return {
    marks: runMarks(detail.annotations, detail.resumes),
    stages: stageStretches(detail.annotations),
    labels: new Map(detail.labels.map((k) => [k.key, k.labels])),
    orphans: new Map(detail.orphans.filter((o) => o.count > 0).map((o) => [o.key, o.count])),
  };
}

/** A key's labels over several runs: each label once, its values merged, in the order met. */
export function mergedLabels(
  extras: readonly RunExtras[],
  key: string,
): { name: string; values: string[] }[] {
  const out = new Map<string, Set<string>>();
  for (const run of extras)
    for (const label of run.labels.get(key) ?? []) {
      const values = out.get(label.name) ?? new Set<string>();
      for (const v of label.values) values.add(v);
      out.set(label.name, values);
    }
  return [...out].map(([name, values]) => ({ name, values: [...values] }));
}

/** What changes when a run's extras change: annotations and resumes grow, labels and orphans. */
export function extrasKey(
  detail: Pick<RunDetail, 'annotations' | 'resumes' | 'labels' | 'orphans'>,
): string {
  return JSON.stringify([detail.annotations.length, detail.resumes, detail.labels, detail.orphans]);
}
