// The demo's media run: an agent that hears a spoken command and acts on it in a gridworld. It
// logs what the Files tab shows beyond images: the commands as audio, its episodes as video, a
// table of the commands it heard (each row naming the spectrogram it heard), and a report.

import { RgbImage } from './png.js';
import type { SeededRandom } from './seeded-random.js';
import { encodeWav, toneSamples } from './wav.js';
import { episodeWebm } from './episode-video.js';
import type { RunWriter } from './writer/run-writer.js';

export const MEDIA_STEPS = 600;
const FILES_EVERY = 200;
const SAMPLE_RATE = 16_000;
const COMMANDS = ['up', 'down', 'left', 'right', 'stop', 'go', 'yes', 'no'] as const;

export interface MediaRunContext {
  readonly writer: RunWriter;
  readonly random: SeededRandom;
  /** Moves the run's clock on. */
  readonly advance: (seconds: number) => void;
  /** Writes bytes to a scratch file named like `name`, for the writer to log. */
  readonly scratchFile: (name: string, bytes: Uint8Array) => string;
}

/** A spectrogram of a command as a small image: its formant bands, blurred by how unsure. */
function spectrogram(random: SeededRandom, command: number, noise: number): Buffer {
  const image = new RgbImage(32, 24);
  for (let x = 0; x < 32; x++) {
    for (let y = 0; y < 24; y++) {
      const band = Math.abs(y - (4 + ((command * 5 + x / 8) % 18)));
      const energy =
        Math.max(0, 1 - band / 3) * Math.sin((Math.PI * x) / 31) + noise * random.uniform();
      const v = Math.min(1, energy);
      image.set(x, 23 - y, [30 + 220 * v, 20 + 120 * v * v, 80 + 60 * (1 - v)]);
    }
  }
  return image.toPng();
}

/** The files of one evaluation: a spoken command, an episode, the commands heard, a report. */
function logEvaluation(context: MediaRunContext, step: number, accuracy: number): void {
  const { writer, random, scratchFile } = context;
  const noise = 0.6 * (1 - step / MEDIA_STEPS) + 0.05;
  // The command and the episode first: the keys show in the order a run first logs them.
  const pitch = 180 + 40 * random.uniform();
  const speech = toneSamples(1.2, SAMPLE_RATE, pitch, pitch * 1.6, () => noise * random.uniform());
  writer.file(
    'samples/command',
    step,
    scratchFile('command.wav', encodeWav([speech], SAMPLE_RATE)),
  );
  writer.file('episodes/rollout', step, scratchFile('rollout.webm', episodeWebm()));
  const rows = ['id,input,spoken,heard,confidence'];
  let right = 0;
  for (let id = 0; id < 8; id++) {
    const spoken = (id * 3 + step / FILES_EVERY) % COMMANDS.length;
    const path = writer.file(
      'samples/inputs',
      step,
      scratchFile('input.png', spectrogram(random, spoken, noise)),
    );
    const correct = random.uniform() < accuracy;
    const heard = correct ? spoken : (spoken + 1 + random.integer(0, 6)) % COMMANDS.length;
    if (correct) right++;
    const confidence = (
      correct ? 0.5 + 0.45 * accuracy - 0.1 * random.uniform() : 0.3 + 0.3 * random.uniform()
    ).toFixed(3);
    rows.push(`${id},${path},${COMMANDS[spoken]},${COMMANDS[heard]},${confidence}`);
  }
  writer.file('eval/heard', step, scratchFile('heard.csv', Buffer.from(`${rows.join('\n')}\n`)));
  const report = [
    `# Evaluation at step ${step}`,
    '',
    `The agent heard **${right} of 8** commands right. Its episodes are in *episodes/rollout*.`,
    '',
    '| command | heard right |',
    '| :------ | ----------: |',
    ...COMMANDS.slice(0, 4).map((c) => `| ${c} | ${(accuracy * 100).toFixed(0)}% |`),
    '',
    '![The first input](../../samples/inputs/' + `${step}.png)`,
    '',
  ].join('\n');
  writer.file('eval/report', step, scratchFile('report.md', Buffer.from(report, 'utf8')));
}

/** Trains the run: its policy's loss every step, an evaluation and its files every FILES_EVERY steps. */
export function trainMediaRun(context: MediaRunContext): number {
  const { writer, random, advance } = context;
  writer.metric('train/policy_loss', { goal: 'minimize' });
  writer.metric('eval/command_acc', { goal: 'maximize' });
  for (let step = 0; step <= MEDIA_STEPS; step++) {
    advance(0.4 + 0.05 * random.uniform());
    const progress = step / MEDIA_STEPS;
    writer.log(step, {
      'train/policy_loss': 2.1 * Math.exp(-3 * progress) + 0.15 + 0.05 * random.normal(),
    });
    if (step % FILES_EVERY === 0) {
      advance(5);
      const accuracy = 0.2 + 0.7 * progress;
      writer.log(step, { 'eval/command_acc': Math.round(accuracy * 1000) / 1000 });
      logEvaluation(context, step, accuracy);
    }
  }
  return MEDIA_STEPS;
}
