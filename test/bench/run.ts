// Runs every benchmark and prints its figures, one JSON object a line.

import { benchReadLog } from './read-log.bench.js';
import { printFigure } from './report.js';

const steps = Number(process.env['MUNIN_BENCH_STEPS'] ?? 1_000_000);
for (const figure of benchReadLog(steps)) printFigure(figure);
