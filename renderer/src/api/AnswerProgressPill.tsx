// The top bar's word while answers too big for one frame come in parts: the page's data is
// partial until they are whole, and says how far they have come.

import { useEffect, useState } from 'react';
import type { AnswerProgress } from '../../../shared/api/bridge.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { useServices } from '../state/app-context.js';

export function AnswerProgressPill() {
  const { bridge } = useServices();
  const [progress, setProgress] = useState<AnswerProgress | null>(null);
  useEffect(() => bridge.onAnswerProgress?.(setProgress), [bridge]);
  if (progress === null) return null;
  const percent = Math.floor((100 * progress.received) / Math.max(1, progress.total));
  return (
    <span
      className="pill"
      data-testid="answer-progress"
      title="Answers bigger than one message arrive in parts; what they hold is shown once whole."
    >
      <span className="spinner" style={{ width: 10, height: 10 }} />
      receiving {byteSize(progress.total)}
      {progress.answers > 1 ? ` in ${progress.answers} answers` : ''}, {percent}%
    </span>
  );
}
