// A run's annotations on its Overview, in file order: kind (icon and name), step, time, text and
// metadata as a compact key: value list; a kind filter once there are many.

import { useState } from 'react';
import type { AnnotationInfo, AnnotationKind } from '../../../shared/api/contract.js';
import type { JsonValue } from '../../../shared/format/json.js';
import { encodeJson } from '../../../shared/format/json.js';
import { MarkIcon } from '../charts/marks/MarkIcon.js';
import { absoluteTime, duration, shortDateTime } from '../text/time-text.js';
import { visibleText } from '../text/visible-text.js';

/** Past this many annotations the table offers a filter by kind. */
const FILTER_FROM = 8;

function metaText(value: JsonValue): string {
  return typeof value === 'string' ? value : encodeJson(value);
}

export function AnnotationsCard({
  annotations,
  startTime,
}: {
  annotations: readonly AnnotationInfo[];
  startTime: number | null;
}) {
  const [kind, setKind] = useState<AnnotationKind | ''>('');
  if (annotations.length === 0) return null;
  const counts = new Map<AnnotationKind, number>();
  for (const a of annotations) counts.set(a.kind, (counts.get(a.kind) ?? 0) + 1);
  const shown = kind === '' ? annotations : annotations.filter((a) => a.kind === kind);
  return (
    <div className="card wide" data-testid="annotations-card">
      <h3 className="row">
        Annotations <span className="muted">{annotations.length}</span>
        {annotations.length >= FILTER_FROM ? (
          <select
            value={kind}
            aria-label="Show annotations of one kind"
            data-testid="annotation-kind-filter"
            onChange={(event) => setKind(event.target.value as AnnotationKind | '')}
          >
            <option value="">every kind</option>
            {[...counts].map(([k, n]) => (
              <option key={k} value={k}>
                {k} ({n})
              </option>
            ))}
          </select>
        ) : null}
      </h3>
      <div className="body">
        <table className="stats-table annotations-table">
          <thead>
            <tr>
              <th>kind</th>
              <th>step</th>
              <th>time</th>
              <th>text</th>
              <th>metadata</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((a, index) => (
              <tr key={index} data-testid="annotation-row" data-kind={a.kind}>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <MarkIcon kind={a.kind} /> {a.kind}
                </td>
                <td className="mono">{a.step.toLocaleString('en')}</td>
                <td style={{ whiteSpace: 'nowrap' }} title={absoluteTime(a.time)}>
                  {shortDateTime(a.time)}
                  {startTime !== null && a.time >= startTime ? (
                    <div className="muted">{duration(a.time - startTime)} in</div>
                  ) : null}
                </td>
                <td className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {visibleText(a.text)}
                </td>
                <td className="annotation-meta mono">
                  {a.metadata.size === 0 ? (
                    <span className="muted">—</span>
                  ) : (
                    [...a.metadata].map(([key, value], i) => (
                      <span key={key}>
                        {i > 0 ? <span className="muted"> · </span> : null}
                        {visibleText(key)}: {visibleText(metaText(value))}
                      </span>
                    ))
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
