// renderer/src/charts/next-frame-state: state offered between frames is set in the next frame,
// all of it together, in the order offered, one failing setter keeping none of the others back;
// held state waits for the answers in flight with it (a board's panels opened together), for a
// moment at most, is set at once with the last, and never holds back what may not wait.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  inFlightUntilSettled,
  setInNextFrame,
} from '../../renderer/src/charts/next-frame-state.js';

type FrameCallback = (time: number) => void;

describe('state set in the next frame', () => {
  let frames: FrameCallback[] = [];
  const runFrame = (): void => {
    const now = frames.splice(0);
    for (const callback of now) callback(0);
  };
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameCallback) => {
      frames.push(callback);
      return frames.length;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sets nothing until the frame, then everything offered meanwhile, in one frame', () => {
    const set: string[] = [];
    setInNextFrame(() => set.push('a'));
    setInNextFrame(() => set.push('b'));
    setInNextFrame(() => set.push('c'));
    expect(set).toEqual([]);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(set).toEqual(['a', 'b', 'c']);
  });

  it('asks for another frame for what is offered after one ran', () => {
    const set: number[] = [];
    setInNextFrame(() => set.push(1));
    runFrame();
    setInNextFrame(() => set.push(2));
    expect(frames).toHaveLength(1);
    runFrame();
    expect(set).toEqual([1, 2]);
  });

  it('still sets the others when one throws, and reports the error as thrown', async () => {
    const set: string[] = [];
    const thrown: unknown[] = [];
    const onError = (error: unknown): void => void thrown.push(error);
    process.on('uncaughtException', onError);
    try {
      setInNextFrame(() => set.push('before'));
      setInNextFrame(() => {
        throw new Error('one panel failed');
      });
      setInNextFrame(() => set.push('after'));
      runFrame();
      expect(set).toEqual(['before', 'after']);
      await new Promise((done) => setTimeout(done, 0));
      expect(thrown).toHaveLength(1);
      expect(String(thrown[0])).toContain('one panel failed');
    } finally {
      process.off('uncaughtException', onError);
    }
  });

  /** An answer in flight, settled when the test says. */
  const answerInFlight = (): { settle: () => Promise<void>; fail: () => Promise<void> } => {
    let resolve!: (value: string) => void;
    let reject!: (error: Error) => void;
    const answer = inFlightUntilSettled(
      new Promise<string>((yes, no) => {
        resolve = yes;
        reject = no;
      }),
    );
    answer.catch(() => undefined);
    // The count drops in a callback of the answer's: a turn of microtasks later.
    const turn = (): Promise<void> => new Promise((done) => setTimeout(done, 0));
    return {
      settle: async () => {
        resolve('answer');
        await turn();
      },
      fail: async () => {
        reject(new Error('refused'));
        await turn();
      },
    };
  };

  it('holds an answer while others asked with it are in flight, then sets them all with the last', async () => {
    const set: string[] = [];
    const first = answerInFlight();
    const second = answerInFlight();
    await first.settle();
    setInNextFrame(() => set.push('first'), true);
    expect(frames).toHaveLength(0);
    expect(set).toEqual([]);
    await second.settle();
    setInNextFrame(() => set.push('second'), true);
    // At once, not a frame later: the frame asked as the last settled finds nothing left.
    expect(set).toEqual(['first', 'second']);
    runFrame();
    expect(set).toEqual(['first', 'second']);
  });

  it('a failed answer ends the wait as a good one does', async () => {
    const set: string[] = [];
    const good = answerInFlight();
    const refused = answerInFlight();
    await good.settle();
    setInNextFrame(() => set.push('good'), true);
    await refused.fail();
    expect(frames).toHaveLength(1);
    runFrame();
    expect(set).toEqual(['good']);
  });

  it('holds an answer no longer than a moment when another never comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const set: string[] = [];
      const late = answerInFlight();
      setInNextFrame(() => set.push('held'), true);
      vi.advanceTimersByTime(100);
      expect(frames).toHaveLength(0);
      vi.advanceTimersByTime(50);
      expect(frames).toHaveLength(1);
      runFrame();
      expect(set).toEqual(['held']);
      vi.useRealTimers();
      // Come at last, it asks no frame: nothing waits for it.
      await late.settle();
      expect(frames).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never holds what may not wait: it goes in the next frame, with what was held', async () => {
    const set: string[] = [];
    const pending = answerInFlight();
    setInNextFrame(() => set.push('held'), true);
    expect(frames).toHaveLength(0);
    setInNextFrame(() => set.push('live samples'));
    expect(frames).toHaveLength(1);
    runFrame();
    expect(set).toEqual(['held', 'live samples']);
    await pending.settle();
    expect(frames).toHaveLength(0);
  });

  it('sets held state at once when nothing else is in flight, and what waits for a frame with it', () => {
    const set: string[] = [];
    setInNextFrame(() => set.push('live samples'));
    expect(frames).toHaveLength(1);
    setInNextFrame(() => set.push('alone'), true);
    expect(set).toEqual(['live samples', 'alone']);
    runFrame();
    expect(set).toEqual(['live samples', 'alone']);
    setInNextFrame(() => set.push('next'));
    expect(frames).toHaveLength(1);
    runFrame();
    expect(set).toEqual(['live samples', 'alone', 'next']);
  });
});
