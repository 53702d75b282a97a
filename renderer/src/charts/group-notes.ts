// The lines under a grouped panel that say how its curves were made: the host's rule for
// combining samples, what the line and band are, an axis the groups cannot be drawn on and the
// one they fall back to, smoothing left off, runs without the key, and samples left out.

import type { GroupCenter, GroupEnvelope, GroupSpread } from '../../../shared/api/contract.js';
import type { XAxisMode } from './curve-data.js';
import { groupDrawText } from './group-style.js';

export interface GroupNotesInput {
  readonly key: string;
  /** The axis the page asked for: one groups cannot be drawn on is said to fall back. */
  readonly asked: XAxisMode;
  readonly smoothing: number;
  readonly center: GroupCenter;
  readonly spread: GroupSpread;
  readonly groups: readonly { readonly label: string; readonly envelope: GroupEnvelope }[];
  readonly runLabel: (runId: string) => string;
}

export function groupNotes(input: GroupNotesInput): string[] {
  const notes: string[] = [groupDrawText(input.center, input.spread)];
  const rules = [...new Set(input.groups.map((g) => g.envelope.rule))];
  notes.push(...rules);
  if (input.asked === 'relative')
    notes.push('groups are drawn by step or by time only: time since start falls back to time');
  if (input.asked === 'step_metric')
    notes.push('groups are drawn by step or by time only: the step_metric axis falls back to step');
  if (input.smoothing > 0)
    notes.push('smoothing is not applied to groups: their line and band are of the logged samples');
  for (const { label, envelope } of input.groups) {
    if (envelope.missing.length === 0) continue;
    const names = envelope.missing.map(input.runLabel);
    notes.push(
      `${label}: ${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no ${input.key}, left out`,
    );
  }
  const nonFinite = input.groups.reduce((n, g) => n + g.envelope.nonFinite, 0);
  if (nonFinite > 0)
    notes.push(
      `${nonFinite.toLocaleString('en')} non-finite sample${nonFinite === 1 ? '' : 's'} left out of the groups’ math`,
    );
  return notes;
}
