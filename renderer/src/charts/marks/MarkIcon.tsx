// A mark kind's small icon as SVG, in its kind's theme colour (or a run's): the same shapes on a
// curve panel's strip and in the Overview's annotations table.

import type { MarkKind, MarkShape } from './mark-kinds.js';
import { MARK_STYLES } from './mark-kinds.js';

function shapeOf(shape: MarkShape) {
  switch (shape) {
    case 'chip':
      return (
        <>
          <rect x="2.5" y="2.5" width="7" height="7" rx="1" fill="none" strokeWidth="1.5" />
          <rect x="4.75" y="4.75" width="2.5" height="2.5" stroke="none" />
        </>
      );
    case 'bars':
      return (
        <>
          <rect x="1.5" y="6" width="2" height="4.5" stroke="none" />
          <rect x="5" y="3.5" width="2" height="7" stroke="none" />
          <rect x="8.5" y="1.5" width="2" height="9" stroke="none" />
        </>
      );
    case 'flag':
      return (
        <>
          <path d="M3 11V1.5" fill="none" strokeWidth="1.5" />
          <path d="M3.5 1.5h6.5l-2 2.5 2 2.5H3.5z" stroke="none" />
        </>
      );
    case 'disk':
      return <circle cx="6" cy="6" r="4" stroke="none" />;
    case 'play':
      return <path d="M3 1.5l7 4.5-7 4.5z" stroke="none" />;
    case 'pause':
      return (
        <>
          <rect x="2.5" y="2" width="2.5" height="8" stroke="none" />
          <rect x="7" y="2" width="2.5" height="8" stroke="none" />
        </>
      );
    case 'cross':
      return <path d="M2.5 2.5l7 7M9.5 2.5l-7 7" fill="none" strokeWidth="2" />;
    case 'ring':
      return <circle cx="6" cy="6" r="3.5" fill="none" strokeWidth="1.5" />;
    case 'alert':
      return (
        <>
          <path d="M6 1L11.2 10.5H0.8z" stroke="none" />
          <rect x="5.3" y="4" width="1.4" height="3.6" fill="var(--panel)" stroke="none" />
          <rect x="5.3" y="8.3" width="1.4" height="1.3" fill="var(--panel)" stroke="none" />
        </>
      );
    case 'restart':
      return (
        <>
          <rect x="1.5" y="1.5" width="2" height="9" stroke="none" />
          <path d="M5 1.5l6 4.5-6 4.5z" stroke="none" />
        </>
      );
  }
}

export function MarkIcon({ kind, color }: { kind: MarkKind; color?: string | undefined }) {
  const style = MARK_STYLES[kind];
  const paint = color ?? `var(${style.colorVar})`;
  return (
    <svg
      className="mark-icon"
      width="12"
      height="12"
      viewBox="0 0 12 12"
      fill={paint}
      stroke={paint}
      aria-hidden="true"
      data-shape={style.shape}
    >
      {shapeOf(style.shape)}
    </svg>
  );
}
