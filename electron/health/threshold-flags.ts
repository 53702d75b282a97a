// The command line's health thresholds: --stall-after S (the floor, seconds) and --stall-factor
// K (the multiple of a run's cadence), taken alike by `serve` and `watch`.

import type { HealthThresholds } from '../../shared/api/health.js';
import { DEFAULT_HEALTH_THRESHOLDS } from '../../shared/api/health.js';

export const THRESHOLD_USAGE = `--stall-after S: a run without an end stalls after S seconds without a write (default ${DEFAULT_HEALTH_THRESHOLDS.stallAfter})
--stall-factor K: and after K times its usual interval between writes (default ${DEFAULT_HEALTH_THRESHOLDS.stallFactor})`;

/** Thresholds as the flags set them, from the defaults. */
export class ThresholdFlags {
  private stallAfter = DEFAULT_HEALTH_THRESHOLDS.stallAfter;
  private stallFactor = DEFAULT_HEALTH_THRESHOLDS.stallFactor;

  /**
   * Takes args[i] (and its value) when it is a threshold flag: how many arguments it took (0 when
   * it is none), or why its value is not one.
   */
  take(args: readonly string[], i: number): number | string {
    const flag = args[i];
    if (flag !== '--stall-after' && flag !== '--stall-factor') return 0;
    const text = args[i + 1];
    const value = text === undefined || text.trim() === '' ? NaN : Number(text);
    if (flag === '--stall-after') {
      if (!Number.isFinite(value) || value <= 0)
        return `--stall-after takes seconds, more than 0, not ${JSON.stringify(text ?? '')}`;
      this.stallAfter = value;
    } else {
      if (!Number.isFinite(value) || value < 1)
        return `--stall-factor takes a number of at least 1, not ${JSON.stringify(text ?? '')}`;
      this.stallFactor = value;
    }
    return 2;
  }

  get thresholds(): HealthThresholds {
    return { stallAfter: this.stallAfter, stallFactor: this.stallFactor };
  }
}
