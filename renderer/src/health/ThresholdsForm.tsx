// The desktop app's setting of when a run stalls: seconds without a write and the multiple of
// its usual interval, kept in the app's settings and applied to the open store at once.

import { useState } from 'react';
import type { DesktopFunctions } from '../../../shared/api/bridge.js';
import type { HealthThresholds } from '../../../shared/api/health.js';
import { useServices } from '../state/app-context.js';

export function ThresholdsForm({
  desktop,
  current,
}: {
  desktop: DesktopFunctions;
  current: HealthThresholds;
}) {
  const { store, toast } = useServices();
  const [after, setAfter] = useState(String(current.stallAfter));
  const [factor, setFactor] = useState(String(current.stallFactor));
  const changed = after !== String(current.stallAfter) || factor !== String(current.stallFactor);
  const save = async (): Promise<void> => {
    const result = await desktop.setHealthThresholds({
      stallAfter: Number(after),
      stallFactor: Number(factor),
    });
    if (!result.ok) toast(`Not set: ${result.message}`, 'error');
    else await store.refreshInfo();
  };
  return (
    <form
      className="thresholds-form"
      onSubmit={(event) => (event.preventDefault(), void save())}
      data-testid="thresholds-form"
    >
      <label>
        after
        <input
          className="text"
          inputMode="decimal"
          value={after}
          onChange={(event) => setAfter(event.target.value)}
          aria-label="Seconds without a write"
        />
        s
      </label>
      <label>
        and
        <input
          className="text"
          inputMode="decimal"
          value={factor}
          onChange={(event) => setFactor(event.target.value)}
          aria-label="Times the usual interval"
        />
        × the interval
      </label>
      <button className="btn small" type="submit" disabled={!changed}>
        Set
      </button>
    </form>
  );
}
