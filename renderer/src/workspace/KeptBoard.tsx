// A metrics board whose arrangement is kept: read for its scope with its address's link over it,
// and each change kept and written into the address, so that reopening or a link shows it as set.

import type { ComponentProps } from 'react';
import { MetricsBoard } from '../charts/MetricsBoard.js';
import type { BoardLink } from './board-link.js';
import { useBoardLayout } from './WorkspaceProvider.js';

type BoardProps = Omit<ComponentProps<typeof MetricsBoard>, 'layout' | 'onLayout'>;

export function KeptBoard({
  scope,
  link,
  onLink,
  ...board
}: BoardProps & {
  /** What the arrangement is kept for: an experiment's run pages of a kind, or Compare's. */
  scope: string;
  link: BoardLink | undefined;
  onLink: (link: BoardLink) => void;
}) {
  const [layout, onLayout] = useBoardLayout(scope, link, onLink);
  return <MetricsBoard {...board} layout={layout} onLayout={onLayout} />;
}
