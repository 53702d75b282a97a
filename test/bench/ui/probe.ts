// The script the UI benchmark puts in every page before load: window.__muninBench, which the
// app's panels tell of each frame they draw, and the in-page timing shared with the floor pages.

/**
 * Every time is the wall clock in ms (timeOrigin + now), comparable with the writer process's.
 * A frame's `painted` is the first moment after the frame holding the draw was rendered: a draw
 * made inside an animation frame (as the app's are) is rendered by that frame, whose rendering
 * steps follow its callbacks in the same task, so a message posted from a callback runs just
 * after them; a draw made between frames waits for the next frame's.
 */
export const PROBE_SCRIPT = String.raw`(() => {
  const now = () => performance.timeOrigin + performance.now();
  const ids = new WeakMap();
  let nextId = 1;
  const afterThisTask = (done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(now());
    channel.port2.postMessage(0);
  };
  const afterPaint = (done) => nativeFrame(() => afterThisTask(done));
  // The frame being rendered, while each of its callbacks and the microtasks it queued run
  // (uPlot draws in one). A message marks the frame's end only when a draw in it waits for its
  // paint: frames without draws cost the renderer nothing but the mark.
  let frame = null;
  const nativeFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    !bench.timing ? nativeFrame(callback) : nativeFrame((t) => {
      const current = frame ?? { waiting: null };
      frame = current;
      try {
        callback(t);
      } finally {
        queueMicrotask(() => {
          if (frame === current) frame = null;
        });
      }
    });
  /** Calls done with the time the frame holding what was just drawn had been rendered. */
  const whenRendered = (done) => {
    if (frame === null) return afterPaint(done);
    if (frame.waiting === null) {
      const current = frame;
      current.waiting = [done];
      afterThisTask((at) => {
        if (frame === current) frame = null;
        for (const waiting of current.waiting) waiting(at);
      });
    } else frame.waiting.push(done);
  };
  const waiters = new Set();
  const bench = {
    /**
     * Whether draws are timed to their paint. Off while the renderer's CPU is measured: the
     * messages and frame marks that time them are the probe's cost, not the app's.
     */
    timing: true,
    draws: [],
    events: {},
    now,
    afterPaint,
    whenRendered,
    /** Called by a panel's uPlot draw hook: the steps the frame holds, per trace. */
    drawn(key, traces, u) {
      const x = u.data[0];
      let data = ids.get(x);
      if (data === undefined) ids.set(x, (data = nextId++));
      const record = {
        at: now(),
        painted: 0,
        key,
        runs: traces.map((t) => t.runId),
        last: traces.map((t) => (t.steps.length > 0 ? t.steps[t.steps.length - 1] : -1)),
        points: x.length,
        data,
        xMin: u.scales.x.min,
        xMax: u.scales.x.max,
      };
      bench.draws.push(record);
      if (bench.timing)
        whenRendered((t) => {
          record.painted = t;
          for (const waiter of [...waiters]) if (waiter.test()) waiter.done();
        });
    },
    /**
     * Resolves once test() holds, tested now and as each draw is painted: a case waits inside the
     * page, as the floor's do, not by asking it from outside every few ms (each asking a task
     * of the page's, while it draws).
     */
    until(test, timeoutMs) {
      return new Promise((done, fail) => {
        const waiter = { test, done: () => (waiters.delete(waiter), clearTimeout(timer), done()) };
        const timer = setTimeout(() => (waiters.delete(waiter), fail(new Error('not drawn in time'))), timeoutMs);
        waiters.add(waiter);
        if (test()) waiter.done();
      });
    },
    /** The draws so far, forgotten here. */
    take() {
      return bench.draws.splice(0);
    },
    /** Resolves with the paint after the first DOM change that makes test() true. */
    whenDom(test) {
      return new Promise((done) => {
        let seen = false;
        const check = () => {
          if (seen || !test()) return;
          seen = true;
          observer.disconnect();
          whenRendered(done);
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        queueMicrotask(check);
      });
    },
    /** Scrolls element by px every frame for ms; counts long tasks and frames over 50 ms. */
    scroll(element, px, ms) {
      return new Promise((done) => {
        const long = [];
        const observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
        observer.observe({ type: 'longtask' });
        const start = performance.now();
        let last = start;
        let slowFrames = 0;
        let frames = 0;
        const step = (t) => {
          if (t - last > 50) slowFrames++;
          last = t;
          frames++;
          if (t - start >= ms) {
            setTimeout(() => {
              observer.disconnect();
              done({ longTasks: long.filter((e) => e.startTime >= start).length, slowFrames, frames });
            }, 100);
            return;
          }
          const max = element.scrollHeight - element.clientHeight;
          element.scrollTop = element.scrollTop + px >= max ? 0 : element.scrollTop + px;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
    },
  };
  for (const type of ['keydown', 'mouseup', 'click'])
    addEventListener(type, (e) => (bench.events[type] = performance.timeOrigin + e.timeStamp), true);
  window.__muninBench = bench;
})();`;
