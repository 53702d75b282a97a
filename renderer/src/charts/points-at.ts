// The points a cursor reads on a panel's lines, asked in one samplesAt request (in parts only
// past MAX_POINTS_ASKED lines), answered as columns: a hover over a Compare of 200 runs sent
// 200 requests per move, then one a panel with a JSON object a point.

import { MAX_POINTS_ASKED } from '../../../shared/api/contract.js';
import type { PointAt, PointQuery } from '../../../shared/api/contract.js';
import type { MuninBridge } from '../../../shared/api/bridge.js';
import { unwrap } from '../api/call.js';
import { columnsToPoints } from '../../../shared/api/points-at-columns.js';

/** Each query's point, in the order asked; null where none lies at or before its x. */
export async function pointsAt(
  bridge: MuninBridge,
  queries: readonly PointQuery[],
): Promise<(PointAt | null)[]> {
  if (queries.length === 0) return [];
  const parts: PointQuery[][] = [];
  for (let at = 0; at < queries.length; at += MAX_POINTS_ASKED)
    parts.push(queries.slice(at, at + MAX_POINTS_ASKED));
  const answers = await Promise.all(
    parts.map(async (part) => unwrap(await bridge.api.samplesAt({ requests: part }))),
  );
  return answers.flatMap(columnsToPoints);
}
