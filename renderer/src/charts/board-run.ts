// A run as a metrics board draws it: its id, label and start, its metric declarations and what
// its detail adds to its curves. Its own module: the board and every kind of panel in it name it.

import type { MetricDeclaration } from '../../../shared/api/contract.js';
import type { RunExtras } from './marks/run-extras.js';

export interface BoardRun {
  readonly runId: string;
  readonly label: string;
  readonly startTime: number;
  /** The run's metric declarations by key: goal and step_metric. */
  readonly declarations: ReadonlyMap<string, MetricDeclaration>;
  /** What the run's detail adds to its curves: marks, stages, labels, abandoned copies. */
  readonly extras?: RunExtras;
}
