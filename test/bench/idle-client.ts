// The idle benchmark's WebSocket client, in a process of its own so that the serving process's
// CPU is what is measured: subscribes to the runs named, and, for each line it reads on stdin,
// prints how many samples arrived; it writes nothing unasked, so the measured process is woken
// by following alone.

import { createInterface } from 'node:readline';
import { WsClient } from '../support/live-ws.js';

const [port, token, ids] = process.argv.slice(2);
let samples = 0;
const client = await WsClient.connect(Number(port), token!, (delta) => {
  if (delta.type === 'samples') samples += delta.series.steps.length;
});
await client.ok({ op: 'subscribe', runIds: (ids ?? '').split(',') });
process.stdout.write('subscribed\n');
createInterface({ input: process.stdin }).on('line', () => process.stdout.write(`${samples}\n`));
process.on('SIGTERM', () => void client.close().then(() => process.exit(0)));
