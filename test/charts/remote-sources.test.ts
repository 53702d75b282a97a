// Which runs the page greys while their far store is not reached: those behind its prefix, all
// of them for a far store open alone, none of a store reached again.

import { describe, expect, it } from 'vitest';
import type { RemoteSourceState, StoreInfo } from '../../shared/api/contract.js';
import {
  farSourceOf,
  unreachedSourceOf,
  unreachedSources,
  unreachedWords,
} from '../../renderer/src/remote/remote-sources.js';

const remote = (fields: Partial<RemoteSourceState>): RemoteSourceState => ({
  host: 'gpu-box',
  state: 'reconnecting',
  message: 'the ssh connection to gpu-box was cut',
  runIdPrefix: 'gpu-box/',
  ...fields,
});

const info = (sources: StoreInfo['sources']): StoreInfo => ({
  root: '/store',
  name: 'store',
  sources,
  polling: false,
  runsRead: 0,
  runsToRead: 0,
  reading: [],
  health: { stallAfter: 60, stallFactor: 10 },
});

describe('far stores not reached', () => {
  it('are the far sources whose link is down or closed, and their runs those behind the prefix', () => {
    const lost = remote({});
    const sources = info([
      { root: '/store', name: 'store', kind: 'munin' },
      { root: 'ssh://gpu-box/s', name: 'gpu-box', kind: 'munin', remote: lost },
      {
        root: 'ssh://other/s',
        name: 'other',
        kind: 'munin',
        remote: remote({ host: 'other', state: 'connected', message: null, runIdPrefix: 'other/' }),
      },
    ]);
    const unreached = unreachedSources(sources);
    expect(unreached).toEqual([lost]);
    expect(unreachedSourceOf('gpu-box/20261101T000000Z-a', unreached)).toBe(lost);
    expect(unreachedSourceOf('other/20261101T000000Z-a', unreached)).toBeNull();
    expect(unreachedSourceOf('20261101T000000Z-a', unreached)).toBeNull();
    expect(unreachedSources(null)).toEqual([]);
  });

  it('name the far machine of any run on one, reached or not', () => {
    const up = remote({ state: 'connected', message: null });
    const sources = info([
      { root: '/store', name: 'store', kind: 'munin' },
      { root: 'ssh://gpu-box/s', name: 'gpu-box', kind: 'munin', remote: up },
    ]);
    expect(farSourceOf('gpu-box/20261101T000000Z-a', sources)).toBe(up);
    expect(farSourceOf('20261101T000000Z-a', sources)).toBeNull();
  });

  it('take every run of a far store open alone', () => {
    const alone = remote({ runIdPrefix: '' });
    expect(unreachedSourceOf('20261101T000000Z-a', [alone])).toBe(alone);
  });

  it('say so in a few words and whole, a closed one that it must be opened again', () => {
    expect(unreachedWords(remote({})).short).toBe('gpu-box: reconnecting…');
    expect(unreachedWords(remote({})).long).toMatch(/not reached \(the ssh connection.*greyed/);
    const closed = unreachedWords(remote({ state: 'closed', message: 'garbage' }));
    expect(closed.short).toBe('gpu-box: closed');
    expect(closed.long).toMatch(/Open it again/);
  });
});
