// The stretches of a run in one curriculum stage, from its `stage a -> b` annotations: the first
// stretch is the first change's `from` until that change, each change's `to` until the next.

import type { AnnotationInfo } from '../../../../shared/api/contract.js';

export interface StageStretch {
  readonly stage: string;
  /** Where it begins; null for the first stretch, which begins with the run. */
  readonly from: { readonly step: number; readonly time: number } | null;
  /** Where it ends; null for the last, which goes on to the run's end. */
  readonly to: { readonly step: number; readonly time: number } | null;
}

/** A stage change's old and new stage: its metadata's from and to, else its text's. */
export function stageChange(annotation: AnnotationInfo): { from: string; to: string } | null {
  if (annotation.kind !== 'stage') return null;
  const from = annotation.metadata.get('from');
  const to = annotation.metadata.get('to');
  if (typeof from === 'string' && typeof to === 'string') return { from, to };
  const match = /^stage\s+(.*?)\s+->\s+(.*)$/.exec(annotation.text);
  return match === null ? null : { from: match[1]!, to: match[2]! };
}

export function stageStretches(annotations: readonly AnnotationInfo[]): StageStretch[] {
  const changes = annotations.flatMap((a) => {
    const change = stageChange(a);
    return change === null ? [] : [{ ...change, at: { step: a.step, time: a.time } }];
  });
  if (changes.length === 0) return [];
  const stretches: StageStretch[] = [{ stage: changes[0]!.from, from: null, to: changes[0]!.at }];
  changes.forEach((change, i) => {
    stretches.push({ stage: change.to, from: change.at, to: changes[i + 1]?.at ?? null });
  });
  return stretches;
}

/** The stage names in the order first met, for a legend and for their tints. */
export function stageNames(stretches: readonly StageStretch[]): string[] {
  return [...new Set(stretches.map((s) => s.stage))];
}
