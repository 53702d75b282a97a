// A grouped report's group curves, answered in the page from the points it holds of each, by the
// host's own group envelope (shared/series/group-envelope.ts): a group's columns made of the held
// points hold every finest column's extremes of its center and band, so every coarser view's too.

import type { ArgsOf } from '../../../shared/api/bridge.js';
import type { GroupEnvelope, GroupPoint } from '../../../shared/api/contract.js';
import type { GroupColumns } from '../../../shared/series/group-envelope.js';
import {
  GroupOrder,
  groupEnvelopeOf,
  groupPointAt,
} from '../../../shared/series/group-envelope.js';
import type { ReportGroupLine } from '../../../shared/report/report-document.js';
import { ReportCurveError } from './report-curves.js';
import type { OpenedReport } from './report-data.js';

interface HeldGroup {
  readonly line: ReportGroupLine;
  readonly columns: GroupColumns;
  readonly order: GroupOrder;
}

export class ReportGroupCurves {
  private readonly held = new Map<string, HeldGroup>();

  constructor(private readonly report: OpenedReport) {}

  private heldGroup(runIds: readonly string[], key: string): HeldGroup {
    const { document, array } = this.report;
    const asked = [...runIds].sort().join(',');
    const group = document.grouping?.groups.findIndex(
      (g) => g.runs.map(String).sort().join(',') === asked,
    );
    const id = `${group}\u0000${key}`;
    const found = this.held.get(id);
    if (found !== undefined) return found;
    const line = document.panels
      .find((p) => p.key === key)
      ?.groupLines?.find((l) => l.group === group);
    if (group === undefined || group < 0 || line === undefined)
      throw new ReportCurveError(`the report holds no group curve of ${key} for these runs`);
    const { points } = line;
    const column = (ref: typeof points.steps) => ({ data: array(ref) });
    const steps = column(points.steps);
    const columns: GroupColumns = {
      length: steps.data.length,
      steps,
      times: column(points.times),
      center: column(points.center),
      low: column(points.low),
      high: column(points.high),
      n: column(points.n),
      nonFinite: line.nonFinite,
      version: 0,
      options: { x: line.x, spread: this.report.document.grouping!.spread },
    };
    const made = { line, columns, order: new GroupOrder(columns) };
    this.held.set(id, made);
    return made;
  }

  groupEnvelope(request: ArgsOf<'groupEnvelope'>): GroupEnvelope {
    const { line, columns, order } = this.heldGroup(request.runIds, request.key);
    const envelope = groupEnvelopeOf(
      columns,
      order,
      { runs: line.runs, missing: line.missing },
      request,
    );
    // Distinct steps of the whole curve, not of the held points.
    return { ...envelope, total: line.total };
  }

  groupAt(request: ArgsOf<'groupAt'>): GroupPoint | null {
    const { line, columns, order } = this.heldGroup(request.runIds, request.key);
    return groupPointAt(columns, order, line.runs, request.at);
  }
}
