// A store whose runs log every kind of file, for the end-to-end tests of the Files tab and
// Compare: audio written by code, the committed video fixtures, tables with edge cases, Markdown
// and HTML with what must not run, and files whose bytes do not match their extension.

import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { encodeWav, toneSamples, wavHeader } from '../../electron/demo/wav.js';
import { encodeFloat } from '../../shared/format/values.js';
import { encodeJsonString } from '../../shared/format/json.js';
import { START_TIME, metricsLine, startLine } from './lines.js';
import { stepImage } from './png.js';
import { Prng } from './prng.js';
import { runDir, writeLog } from './store-fixture.js';
import { fixture } from './fixture-files.js';

/** A speech sample's length in seconds and its rate: what the tests check it by. */
export const SPEECH = { seconds: 1.5, sampleRate: 16_000 } as const;
/** The sparse WAV's bytes of silence: large enough that a seek must ask for a range. */
export const LONG_WAV_BYTES = 200e6;

export function fileRecord(key: string, step: number, path: string): string {
  const time = encodeFloat(START_TIME + 10 + step * 0.5);
  return `{"type":"file","time":${time},"key":${encodeJsonString(key)},"step":${step},"path":${encodeJsonString(path)}}`;
}

function put(root: string, id: string, path: string, bytes: string | Uint8Array): void {
  const full = join(runDir(root, id), path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, bytes);
}

/** A WAV of silence `dataBytes` long, written as a header and a hole: no disk for the samples. */
export function writeSparseWav(path: string, dataBytes: number, sampleRate = 8000): void {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  writeSync(fd, wavHeader(dataBytes, sampleRate, 1));
  // One byte at the end makes the file its length; the hole between reads as zeros (silence).
  writeSync(fd, Buffer.alloc(1), 0, 1, 44 + dataBytes - 1);
  closeSync(fd);
}

/** The predictions table of a run: an image path a row, labels, scores exact as written. */
function predictions(run: 'a' | 'b', step: number): string {
  const rows = ['id,image,label,pred,confidence'];
  for (let i = 0; i < 12; i++) {
    const pred = run === 'b' && i % 4 === 1 ? (i + 1) % 10 : i % 10;
    const confidence = run === 'b' && i === 5 ? '0.5' : (0.5 + i / 40).toFixed(3);
    const image = i < 4 ? `files/samples/digits/${step}-${i}.png` : '';
    rows.push(`${i * 5},${image},${i % 10},${pred},${confidence}`);
  }
  // 100 after 20 and 9 by value; as text it would come between 0 and 20.
  rows.push(`100,,"quoted, label",3,1e-3`);
  return `${rows.join('\n')}\n`;
}

const REPORT = `# Evaluation at step 200

Accuracy rose to **0.91**; see [the paper](https://example.com/paper) and [a local file](../notes.txt).

| class | recall |
| :---- | -----: |
| cat   | 0.88   |
| dog   | 0.93   |

<b>raw html</b> <script>window.__markdownRan = true</script>

![a digit](../../samples/digits/200-0.png)
![remote](https://example.com/x.png)
`;

const PAGE = `<!doctype html><html><head><style>h1 { color: rgb(200, 30, 30); }</style></head>
<body><h1 id="title">Attention report</h1><p>Rendered, with no script.</p>
<script>document.getElementById('title').textContent = 'script ran'; top.postMessage('html-script-ran', '*');</script>
</body></html>`;

/** The store: runs files-a and files-b log the same keys with differing contents. */
export function writeFilesStore(root: string): void {
  const prng = new Prng(39);
  for (const run of ['a', 'b'] as const) {
    const id = `files-${run}`;
    const lines = [startLine(`,"name":"speech-${run}"`, 'media')];
    const steps = run === 'a' ? [0, 100, 200] : [0, 200];
    for (const step of steps) {
      lines.push(metricsLine(step, { 'train/loss': 2 / (1 + step / 50) }));
      const pitch = run === 'a' ? 220 : 330;
      const wav = encodeWav(
        [
          toneSamples(SPEECH.seconds, SPEECH.sampleRate, pitch + step, pitch * 2, () =>
            prng.next(),
          ),
        ],
        SPEECH.sampleRate,
      );
      put(root, id, `files/samples/speech/${step}.wav`, wav);
      lines.push(fileRecord('samples/speech', step, `files/samples/speech/${step}.wav`));
      for (let i = 0; i < 4; i++) {
        const path = `files/samples/digits/${step}-${i}.png`;
        put(root, id, path, stepImage(28, 28, step / 40 + i + (run === 'b' ? 2 : 0)));
        lines.push(fileRecord('samples/digits', step, path));
      }
      put(root, id, `files/eval/predictions/${step}.csv`, predictions(run, step));
      lines.push(fileRecord('eval/predictions', step, `files/eval/predictions/${step}.csv`));
    }
    const video = run === 'a' ? 'episode.webm' : 'episode.mp4';
    put(root, id, `files/episodes/agent/200.${video.split('.')[1]}`, fixture(video));
    lines.push(
      fileRecord('episodes/agent', 200, `files/episodes/agent/200.${video.split('.')[1]}`),
    );
    put(root, id, 'files/eval/report/200.md', REPORT);
    lines.push(fileRecord('eval/report', 200, 'files/eval/report/200.md'));
    put(root, id, 'files/eval/page/200.html', PAGE);
    lines.push(fileRecord('eval/page', 200, 'files/eval/page/200.html'));
    put(
      root,
      id,
      'files/eval/stream/200.jsonl',
      `{"step": 1, "reward": 0.5}\n{"step": 2, "reward": 1.0, "note": "ok"}\nnot json\n`,
    );
    lines.push(fileRecord('eval/stream', 200, 'files/eval/stream/200.jsonl'));
    writeLog(root, id, lines);
  }
  // Bad input, in a run of its own.
  const bad = [startLine(',"name":"bad-files"', 'media')];
  const add = (key: string, path: string, bytes: string | Uint8Array): void => {
    put(root, 'files-bad', path, bytes);
    bad.push(fileRecord(key, 0, path));
  };
  add('bad/not-audio', 'files/bad/not-audio/0.wav', 'this is text, not a WAV\n');
  add('bad/truncated', 'files/bad/truncated/0.mp4', fixture('episode.mp4').subarray(0, 1300));
  add('bad/ragged', 'files/bad/ragged/0.csv', 'a,b,c\n1,2,3\n4,5\n6,7,8,9\n');
  add('bad/not-a-table', 'files/bad/not-a-table/0.json', '{"lr": 0.001, "batch": 64}\n');
  add(
    'bad/latin1',
    'files/bad/latin1/0.csv',
    Buffer.concat([
      Buffer.from('city,n\n'),
      Buffer.from([0x4d, 0xfc, 0x6e, 0x63, 0x68, 0x65, 0x6e]),
      Buffer.from(',1\n'),
    ]),
  );
  writeSparseWav(join(runDir(root, 'files-bad'), 'files/long/silence/0.wav'), LONG_WAV_BYTES);
  bad.push(fileRecord('long/silence', 0, 'files/long/silence/0.wav'));
  writeLog(root, 'files-bad', bad);
}
