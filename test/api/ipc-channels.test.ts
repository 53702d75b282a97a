// shared/api/ipc-channels: the desktop's IPC channels are named once, uniquely, in the table; main and the preload spell none themselves and use every desktop and event channel of it.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_OPS } from '../../shared/api/contract.js';
import {
  allIpcChannels,
  apiChannel,
  DESKTOP_CHANNELS,
  EVENT_CHANNELS,
} from '../../shared/api/ipc-channels.js';

const SIDES = ['electron/main.ts', 'electron/preload.ts'] as const;

function source(path: string): string {
  return readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
}

/** The string and template literals of a source text that hold a munin: channel name. */
function channelLiterals(text: string): string[] {
  return [...text.matchAll(/(['"`])(munin:[^'"`]*)\1?/g)].map((match) => match[2]!);
}

describe('the IPC channel table', () => {
  it('names every channel once', () => {
    const names = allIpcChannels();
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(
      API_OPS.length + Object.keys(DESKTOP_CHANNELS).length + Object.keys(EVENT_CHANNELS).length,
    );
    for (const name of names) expect(name).toMatch(/^munin:[a-z]+(:[a-zA-Z-]+)?$/);
  });

  it('gives each Api operation a channel of its own', () => {
    expect(apiChannel('listRuns')).toBe('munin:api:listRuns');
    expect(new Set(API_OPS.map(apiChannel)).size).toBe(API_OPS.length);
  });

  it.each(SIDES)('%s spells no channel: each comes from the table', (path) => {
    const table = new Set(allIpcChannels());
    const spelled = channelLiterals(source(path)).map(
      (name) => `${name} (${table.has(name) ? 'spelled again' : 'not in the table'})`,
    );
    expect(spelled).toEqual([]);
  });

  it.each(SIDES)('%s uses every desktop and event channel of the table', (path) => {
    const text = source(path);
    const unused = [
      ...Object.keys(DESKTOP_CHANNELS).map((key) => `DESKTOP_CHANNELS.${key}`),
      ...Object.keys(EVENT_CHANNELS).map((key) => `EVENT_CHANNELS.${key}`),
    ].filter((reference) => !new RegExp(`${reference.replace('.', '\\.')}\\b`).test(text));
    expect(unused).toEqual([]);
    expect(text).toMatch(/\bapiChannel\b/);
  });

  it('finds channel names in source text, so that the checks above can fail', () => {
    expect(
      channelLiterals(`send('munin:menu', x); invoke("munin:store:demo"); \`munin:api:\${op}\``),
    ).toEqual(['munin:menu', 'munin:store:demo', 'munin:api:${op}']);
    expect(channelLiterals(`const scheme = 'munin-app';`)).toEqual([]);
  });
});
