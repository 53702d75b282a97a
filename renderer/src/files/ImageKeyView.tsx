// An image key of a run: the image at the chosen step, a step slider over the steps the key
// logged, the step's time, fit or 1:1, and a strip of thumbnails around the step; it follows a
// live run's newest image while it is at the key's last step.

import { useEffect, useMemo, useRef, useState } from 'react';
import { loggedFileUrl } from '../../../shared/api/logged-file-url.js';
import type { FileGroup } from './file-steps.js';
import { atOrBeforeIndex, distinctSteps, nearestStepIndex } from './file-steps.js';
import { absoluteTime, duration, shortDateTime } from '../text/time-text.js';
import { LoggedImage } from './LoggedImage.js';
import type { Zoom } from './LoggedImage.js';
import { StepPicker } from './StepPicker.js';

/** Thumbnails on each side of the chosen step: a key of thousands of files stays quick. */
const STRIP_REACH = 40;

export function ImageKeyView(props: {
  runId: string;
  group: FileGroup;
  startTime: number | null;
  /** The step a link asked for; null follows the last. */
  initialStep: number | null;
  onStep?: (step: number | null) => void;
}) {
  const { runId, group, startTime, initialStep, onStep } = props;
  const steps = useMemo(() => distinctSteps(group), [group]);
  // null: at the key's last step, and staying there as a live run logs more.
  const [chosen, setChosen] = useState<number | null>(initialStep);
  useEffect(() => setChosen(initialStep), [initialStep]);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const index = chosen === null ? steps.length - 1 : nearestStepIndex(steps, chosen);
  const step = steps[index];
  const file = step === undefined ? undefined : group.files[atOrBeforeIndex(group.steps, step)];

  const choose = (next: number): void => {
    const last = next >= steps.length - 1;
    setChosen(last ? null : steps[next]!);
    onStep?.(last ? null : steps[next]!);
  };

  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    strip.current
      ?.querySelector('[aria-current="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  if (file === undefined || step === undefined) return null;
  const from = Math.max(0, index - STRIP_REACH);
  const to = Math.min(steps.length, index + STRIP_REACH + 1);
  return (
    <div className="image-key" data-testid="image-key">
      <div className="image-tools">
        <StepPicker
          steps={steps}
          index={index}
          onIndex={choose}
          label={`Step of ${group.key}`}
          testId="image"
        />
        <span className="muted" data-testid="image-time" title={absoluteTime(file.time)}>
          logged{' '}
          {startTime !== null
            ? `${duration(file.time - startTime)} after start`
            : shortDateTime(file.time)}
        </span>
        <span className="spacer" />
        <div className="segmented" role="group" aria-label="Zoom">
          {(
            [
              ['fit', 'Fit'],
              ['actual', '1:1'],
            ] as const
          ).map(([id, label]) => (
            <button
              key={id}
              className={`btn small ${zoom === id ? 'on' : ''}`}
              aria-pressed={zoom === id}
              onClick={() => setZoom(id)}
              data-testid={`zoom-${id}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <LoggedImage runId={runId} file={file} zoom={zoom} testId="image-shown" />
      {steps.length > 1 ? (
        <div className="thumb-strip" ref={strip} data-testid="thumb-strip">
          {from > 0 ? <span className="muted thumb-more">{from} earlier</span> : null}
          {steps.slice(from, to).map((thumbStep, offset) => {
            const thumb = group.files[atOrBeforeIndex(group.steps, thumbStep)]!;
            const at = from + offset;
            return (
              <button
                key={thumbStep}
                className="thumb"
                aria-current={at === index}
                title={`step ${thumbStep}`}
                onClick={() => choose(at)}
                data-testid="thumb"
              >
                {thumb.problem === null ? (
                  <img src={loggedFileUrl(runId, thumb.path)} alt="" loading="lazy" />
                ) : (
                  <span className="thumb-problem" title={thumb.problem}>
                    !
                  </span>
                )}
                <span className="thumb-step">{thumbStep}</span>
              </button>
            );
          })}
          {to < steps.length ? (
            <span className="muted thumb-more">{steps.length - to} later</span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
