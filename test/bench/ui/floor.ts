// The bare floor pages: the same arrays drawn by uPlot straight from memory, and the same rows of
// a runs table written straight from memory, timed as the app is (the paint after the last draw).

import type { BarePage } from './bare-chromium.js';
import { inPage } from './ui-session.js';

/** The arrays' values, as generate-log writes them: a decaying curve, noise and an offset. */
const MAKE_ARRAYS = String.raw`(points, series, seed) => {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const x = new Float64Array(points);
  for (let i = 0; i < points; i++) x[i] = i;
  const ys = [];
  for (let k = 0; k < series; k++) {
    const y = new Float64Array(points);
    for (let i = 0; i < points; i++) y[i] = (2.5 / (1 + i * 1e-3)) * (1 + 0.1 * random()) + k;
    ys.push(y);
  }
  return [x, ...ys];
}`;

export interface ChartsShape {
  readonly charts: number;
  readonly series: number;
  readonly points: number;
  readonly width: number;
  readonly height: number;
}

/** Ms from creating `charts` uPlot charts of the arrays, held in memory, to the paint after all drew. */
export async function floorCharts(page: BarePage, shape: ChartsShape): Promise<number> {
  return inPage<number>(
    page,
    `(async () => {
      const shape = ${JSON.stringify(shape)};
      const root = document.getElementById('root');
      root.replaceChildren();
      const data = [];
      for (let c = 0; c < shape.charts; c++) data.push((${MAKE_ARRAYS})(shape.points, shape.series, c + 1));
      await new Promise((done) => __muninBench.afterPaint(done));
      const start = __muninBench.now();
      let left = shape.charts;
      const painted = new Promise((done) => {
        for (let c = 0; c < shape.charts; c++) {
          const host = document.createElement('div');
          root.appendChild(host);
          let first = true;
          new uPlot({
            width: shape.width, height: shape.height, legend: { show: false },
            series: [{}, ...data[c].slice(1).map((_, k) => ({ stroke: 'hsl(' + k * 37 + ',70%,50%)' }))],
            hooks: { draw: [() => { if (first && --left === 0) __muninBench.whenRendered(done); first = false; }] },
          }, data[c], host);
        }
      });
      return (await painted) - start;
    })()`,
  );
}

/** Ms from each x range set to the paint after uPlot redrew, on one series of `points` in memory. */
export async function floorZoom(
  page: BarePage,
  points: number,
  width: number,
  height: number,
  ranges: readonly (readonly [number, number])[],
): Promise<number[]> {
  return inPage<number[]>(
    page,
    `(async () => {
      const root = document.getElementById('root');
      root.replaceChildren();
      const data = (${MAKE_ARRAYS})(${points}, 1, 1);
      let drawn = null;
      const u = new uPlot({
        width: ${width}, height: ${height}, legend: { show: false },
        series: [{}, { stroke: 'steelblue' }],
        hooks: { draw: [() => drawn && drawn()] },
      }, data, root);
      const redraw = (min, max) => new Promise((done) => {
        drawn = () => { drawn = null; __muninBench.whenRendered(done); };
        u.setScale('x', { min, max });
      });
      await new Promise((done) => __muninBench.afterPaint(done));
      const times = [];
      for (const [min, max] of ${JSON.stringify(ranges)}) {
        const start = __muninBench.now();
        times.push((await redraw(min, max)) - start);
        await redraw(0, ${points - 1});
      }
      u.destroy();
      return times;
    })()`,
  );
}

/** A bare virtualised table of `runs` rows in memory, as the runs table lays out its rows. */
export async function mountFloorTable(page: BarePage, runs: number, height: number): Promise<void> {
  await inPage(
    page,
    `(() => {
      const ROW = 34;
      const rows = Array.from({ length: ${runs} }, (_, r) => ({
        id: '20261101T' + String(100000 + r).slice(-6) + 'Z-' + r.toString(16).padStart(8, '0'),
        name: 'run-' + r, experiment: 'sweep-' + (r % 20), status: 'finished',
        steps: '49', lr: String(0.001 * ((r % 10) + 1)), loss: String(1 / 50),
      }));
      window.__mountFloor = () => {
      const root = document.getElementById('root');
      root.innerHTML = '<input id="filter"><div id="scroller" style="height:${height}px;overflow:auto;font:13px sans-serif"><div id="space" style="position:relative"></div></div>';
      const scroller = document.getElementById('scroller');
      const space = document.getElementById('space');
      let shown = rows;
      const render = () => {
        space.style.height = shown.length * ROW + 'px';
        const first = Math.max(0, Math.floor(scroller.scrollTop / ROW) - 8);
        const last = Math.min(shown.length, first + Math.ceil(${height} / ROW) + 16);
        let html = '';
        for (let i = first; i < last; i++) {
          const r = shown[i];
          html += '<div data-run-id="' + r.id + '" style="position:absolute;top:' + i * ROW + 'px;height:' + ROW + 'px;display:flex;gap:12px">' +
            [r.status, r.name, r.experiment, r.id, r.steps, r.lr, r.loss].map((t) => '<span>' + t + '</span>').join('') + '</div>';
        }
        space.innerHTML = html;
      };
      scroller.addEventListener('scroll', render);
      document.getElementById('filter').addEventListener('input', (e) => {
        const text = e.target.value;
        shown = text === '' ? rows : rows.filter((r) => r.name.includes(text) || r.id.includes(text) || r.experiment.includes(text));
        render();
      });
      render();
      };
      window.__mountFloor();
    })()`,
  );
}

export interface LiveChartShape {
  readonly series: number;
  /** Points per series at the start, and added before each draw. */
  readonly points: number;
  readonly growth: number;
  readonly width: number;
  readonly height: number;
  readonly drawsPerSecond: number;
}

/**
 * Starts bare uPlot redrawing one chart of growing series in memory, each draw in an animation
 * frame as the app's are, `drawsPerSecond` times a second; the returned call stops it.
 */
export async function startFloorLiveChart(
  page: BarePage,
  shape: LiveChartShape,
): Promise<() => Promise<void>> {
  await inPage(
    page,
    `(() => {
      const shape = ${JSON.stringify(shape)};
      const root = document.getElementById('root');
      root.replaceChildren();
      const x = [];
      const ys = Array.from({ length: shape.series }, () => []);
      let step = 0;
      const grow = (n) => {
        for (let i = 0; i < n; i++, step++) {
          x.push(step);
          for (let k = 0; k < shape.series; k++) ys[k].push(step / 10 + k);
        }
      };
      grow(shape.points);
      const u = new uPlot({
        width: shape.width, height: shape.height, legend: { show: false },
        series: [{}, ...ys.map((_, k) => ({ stroke: 'hsl(' + k * 37 + ',70%,50%)' }))],
      }, [x, ...ys], root);
      let owed = 0;
      const timer = setInterval(() => requestAnimationFrame(() => {
        owed += shape.growth;
        grow(Math.floor(owed));
        owed -= Math.floor(owed);
        u.setData([x, ...ys]);
      }), 1000 / shape.drawsPerSecond);
      window.__stopFloorLive = () => (clearInterval(timer), u.destroy());
    })()`,
  );
  return () => inPage(page, '__stopFloorLive()');
}
