// Choosing a step among the steps a key logged: a slider that stops only at those steps (arrow
// keys, Home and End move it, as a range input's own keys do) and a field where a typed step
// jumps to the nearest logged one.

import { useEffect, useState } from 'react';
import { nearestStepIndex } from './file-steps.js';

export function StepPicker(props: {
  /** The logged steps, ascending and distinct. */
  steps: readonly number[];
  index: number;
  onIndex: (index: number) => void;
  label: string;
  testId: string;
}) {
  const { steps, index, onIndex, label, testId } = props;
  const step = steps[index];
  const [typed, setTyped] = useState(step === undefined ? '' : String(step));
  // The field follows the slider until someone types in it.
  useEffect(() => setTyped(step === undefined ? '' : String(step)), [step]);
  const jump = (): void => {
    const target = Number(typed);
    if (typed.trim() === '' || !Number.isFinite(target)) {
      setTyped(step === undefined ? '' : String(step));
      return;
    }
    const nearest = nearestStepIndex(steps, target);
    if (nearest >= 0) onIndex(nearest);
    setTyped(String(steps[nearest] ?? ''));
  };
  return (
    <div className="step-picker">
      <input
        type="range"
        min={0}
        max={Math.max(0, steps.length - 1)}
        step={1}
        value={index}
        disabled={steps.length < 2}
        onChange={(event) => onIndex(Number(event.target.value))}
        aria-label={label}
        aria-valuetext={step === undefined ? undefined : `step ${step}`}
        data-testid={`${testId}-slider`}
      />
      <label className="row">
        step
        <input
          className="text mono step-field"
          inputMode="numeric"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={jump}
          onKeyDown={(event) => {
            if (event.key === 'Enter') jump();
          }}
          aria-label={`${label}: type a step`}
          data-testid={`${testId}-step`}
        />
      </label>
      <span className="muted">
        {index + 1} of {steps.length}
      </span>
    </div>
  );
}
