// A panel's place on an arranged page: its width in columns and its height, a handle to drag it
// elsewhere in its section (or to move it with the arrow keys when focused), and its menu; what
// it frames is the panel as the board draws it.

import type { ReactNode } from 'react';
import { useState } from 'react';
import type { PanelLayout, PanelWidth } from './board-layout.js';
import { PanelMenu } from './PanelMenu.js';
import type { PanelMenuActions } from './PanelMenu.js';
import './workspace.css';

/**
 * The panel being dragged, by its section and place: a drag stays within the page, and only a
 * panel of the same section drops on another (sections are by key prefix, or the pinned ones).
 */
let dragging: { readonly section: string; readonly index: number } | null = null;

export function PanelFrame(props: {
  id: string;
  /** The section it is in, and its place there as shown. */
  section: string;
  index: number;
  count: number;
  width: PanelWidth;
  layout: PanelLayout | undefined;
  pinned: boolean;
  /** A curve: it has an axis, log y, smoothing and a height to set. */
  curve: boolean;
  onMove: (from: number, to: number) => void;
  actions: PanelMenuActions;
  children: ReactNode;
}) {
  const { id, section, index, count } = props;
  const [dropping, setDropping] = useState<'before' | 'after' | null>(null);
  const tall = props.layout?.tall === true;
  const label = `panel ${id}`;
  return (
    <div
      className={`panel-frame w${props.width}${tall ? ' tall' : ''}${dropping !== null ? ` drop-${dropping}` : ''}`}
      data-testid="panel-frame"
      data-panel-id={id}
      data-section={section}
      onDragOver={(event) => {
        if (dragging?.section !== section) return;
        event.preventDefault();
        const box = event.currentTarget.getBoundingClientRect();
        setDropping(event.clientX < box.left + box.width / 2 ? 'before' : 'after');
      }}
      onDragLeave={() => setDropping(null)}
      onDrop={(event) => {
        const side = dropping;
        setDropping(null);
        if (dragging?.section !== section || side === null) return;
        const from = dragging.index;
        dragging = null;
        event.preventDefault();
        // Dropped after a panel: its place, or the next one's when the panel came from before it.
        const to =
          side === 'before' ? (from < index ? index - 1 : index) : from < index ? index : index + 1;
        props.onMove(from, Math.min(count - 1, Math.max(0, to)));
      }}
    >
      <div className="frame-tools">
        <button
          className="drag-handle"
          draggable
          aria-label={`Move ${label}: drag it, or use the arrow keys`}
          title="Drag to another place in this section (or focus and use the arrow keys)"
          data-testid="panel-handle"
          onDragStart={(event) => {
            dragging = { section, index };
            event.dataTransfer.effectAllowed = 'move';
            // Some browsers start no drag without data.
            event.dataTransfer.setData('text/plain', id);
            const frame = event.currentTarget.closest('.panel-frame');
            if (frame !== null) event.dataTransfer.setDragImage(frame, 20, 20);
          }}
          onDragEnd={() => (dragging = null)}
          onKeyDown={(event) => {
            const step =
              event.key === 'ArrowLeft' || event.key === 'ArrowUp'
                ? -1
                : event.key === 'ArrowRight' || event.key === 'ArrowDown'
                  ? 1
                  : 0;
            if (step === 0) return;
            event.preventDefault();
            const to = index + step;
            if (to >= 0 && to < count) props.onMove(index, to);
          }}
        >
          <svg width="10" height="14" viewBox="0 0 10 14" aria-hidden="true">
            {[2, 7, 12].flatMap((y) =>
              [2.5, 7.5].map((x) => (
                <circle key={`${x}:${y}`} cx={x} cy={y} r="1.3" fill="currentColor" />
              )),
            )}
          </svg>
        </button>
        <PanelMenu
          id={id}
          layout={props.layout}
          width={props.width}
          pinned={props.pinned}
          curve={props.curve}
          canMoveEarlier={index > 0}
          canMoveLater={index < count - 1}
          onMoveEarlier={() => props.onMove(index, index - 1)}
          onMoveLater={() => props.onMove(index, index + 1)}
          actions={props.actions}
        />
      </div>
      {props.children}
    </div>
  );
}
