// Reading an arrangement back from what was kept or imported, member by member: what another
// version wrote, or a file edited by hand, is refused with the place and the reason, or read as
// far as it is sound, never taken on trust.

import type { BoardLayout, PageXMode, PanelLayout, PanelWidth } from './board-layout.js';
import { X_MODES } from './board-layout.js';

/** Why a value is not what it should be, with where in the file it is. */
export class CheckFailure extends Error {}

type Raw = Record<string, unknown>;

/** The longest key or text an arrangement takes: a key is far shorter, a filter is a line. */
const MAX_TEXT = 4096;
/** The most panels or names one list of an arrangement holds. */
const MAX_LIST = 5000;

export function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, at: string): Raw {
  if (!isObject(value)) throw new CheckFailure(`${at} must be an object`);
  return value;
}

/** Refuses members that are none of `known`: a typo in a file would otherwise be dropped unseen. */
export function onlyMembers(value: Raw, known: readonly string[], at: string): void {
  for (const name of Object.keys(value))
    if (!known.includes(name))
      throw new CheckFailure(`${at} has a member "${name.slice(0, 40)}" that no view holds`);
}

export function textAt(value: unknown, at: string, empty = true): string {
  if (typeof value !== 'string') throw new CheckFailure(`${at} must be text`);
  if (!empty && value.length === 0) throw new CheckFailure(`${at} must not be empty`);
  if (value.length > MAX_TEXT)
    throw new CheckFailure(`${at} is longer than ${MAX_TEXT} characters`);
  return value;
}

export function textsAt(value: unknown, at: string): string[] {
  if (!Array.isArray(value)) throw new CheckFailure(`${at} must be a list`);
  if (value.length > MAX_LIST) throw new CheckFailure(`${at} holds more than ${MAX_LIST} items`);
  return value.map((item, index) => textAt(item, `${at}[${index}]`, false));
}

function numberAt(value: unknown, at: string, least: number, most: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < least || value > most)
    throw new CheckFailure(`${at} must be a number from ${least} to ${most}`);
  return value;
}

function booleanAt(value: unknown, at: string): boolean {
  if (typeof value !== 'boolean') throw new CheckFailure(`${at} must be true or false`);
  return value;
}

function modeAt(value: unknown, at: string): (typeof X_MODES)[number] {
  if (!X_MODES.includes(value as (typeof X_MODES)[number]))
    throw new CheckFailure(`${at} must be one of ${X_MODES.join(', ')}`);
  return value as (typeof X_MODES)[number];
}

function panelAt(value: unknown, at: string): PanelLayout {
  const raw = objectAt(value, at);
  onlyMembers(raw, ['width', 'tall', 'xMode', 'logY', 'smoothing', 'zoom'], at);
  const panel: { -readonly [K in keyof PanelLayout]: PanelLayout[K] } = {};
  if (raw['width'] !== undefined) {
    if (raw['width'] !== 1 && raw['width'] !== 2 && raw['width'] !== 3)
      throw new CheckFailure(`${at}.width must be 1, 2 or 3`);
    panel.width = raw['width'] as PanelWidth;
  }
  if (raw['tall'] !== undefined) panel.tall = booleanAt(raw['tall'], `${at}.tall`);
  if (raw['xMode'] !== undefined) panel.xMode = modeAt(raw['xMode'], `${at}.xMode`);
  if (raw['logY'] !== undefined) panel.logY = booleanAt(raw['logY'], `${at}.logY`);
  if (raw['smoothing'] !== undefined)
    panel.smoothing = numberAt(raw['smoothing'], `${at}.smoothing`, 0, 0.999);
  if (raw['zoom'] !== undefined) {
    const zoom = objectAt(raw['zoom'], `${at}.zoom`);
    onlyMembers(zoom, ['mode', 'range'], `${at}.zoom`);
    const range = zoom['range'];
    if (!Array.isArray(range) || range.length !== 2)
      throw new CheckFailure(`${at}.zoom.range must be two numbers`);
    const [x0, x1] = range.map((x, i) => numberAt(x, `${at}.zoom.range[${i}]`, -1e300, 1e300));
    if (!(x0! < x1!)) throw new CheckFailure(`${at}.zoom.range must go from less to more`);
    panel.zoom = { mode: modeAt(zoom['mode'], `${at}.zoom.mode`), range: [x0!, x1!] };
  }
  return panel;
}

const LAYOUT_MEMBERS = [
  'pinned',
  'hidden',
  'order',
  'panels',
  'filter',
  'pageMode',
  'smoothing',
  'logY',
  'overlay',
  'collapsed',
] as const;

/** The arrangement a value holds; throws a CheckFailure saying where and why it is not one. */
export function layoutAt(value: unknown, at: string): BoardLayout {
  const raw = objectAt(value, at);
  onlyMembers(raw, LAYOUT_MEMBERS, at);
  const order = objectAt(raw['order'], `${at}.order`);
  const panels = objectAt(raw['panels'], `${at}.panels`);
  if (Object.keys(panels).length > MAX_LIST)
    throw new CheckFailure(`${at}.panels holds more than ${MAX_LIST} panels`);
  const pageMode = raw['pageMode'];
  if (pageMode !== null && pageMode !== 'declared') modeAt(pageMode, `${at}.pageMode`);
  return {
    pinned: textsAt(raw['pinned'], `${at}.pinned`),
    hidden: textsAt(raw['hidden'], `${at}.hidden`),
    order: Object.fromEntries(
      Object.entries(order).map(([section, ids]) => [
        section,
        textsAt(ids, `${at}.order.${section}`),
      ]),
    ),
    panels: Object.fromEntries(
      Object.entries(panels).map(([id, panel]) => [id, panelAt(panel, `${at}.panels.${id}`)]),
    ),
    filter: textAt(raw['filter'], `${at}.filter`),
    pageMode: pageMode as PageXMode | null,
    smoothing: numberAt(raw['smoothing'], `${at}.smoothing`, 0, 0.999),
    logY: booleanAt(raw['logY'], `${at}.logY`),
    overlay: textsAt(raw['overlay'], `${at}.overlay`),
    collapsed: textsAt(raw['collapsed'], `${at}.collapsed`),
  };
}

/** The arrangement kept, or undefined when what is kept is none (another version's, damaged). */
export function keptLayout(value: unknown): BoardLayout | undefined {
  try {
    return layoutAt(value, 'layout');
  } catch (error) {
    if (error instanceof CheckFailure) return undefined;
    throw error;
  }
}
