#!/usr/bin/env node
// The munin-view command's entry: runs the compiled CLI (npm run build makes out/).
import { main } from '../out/electron/cli.js';

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`munin-view: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
