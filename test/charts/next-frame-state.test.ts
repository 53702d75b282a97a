// renderer/src/charts/next-frame-state: state offered between frames is set in the next frame,
// all of it together, in the order offered, one failing setter keeping none of the others back.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setInNextFrame } from '../../renderer/src/charts/next-frame-state.js';

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
});
