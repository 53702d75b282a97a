// Preloaded (node --import) into a munin-view command a hostile test runs: at exit, writes the
// process's peak resident memory to the file MUNIN_PEAK_FILE names, so the test can bound it.
import { writeFileSync } from 'node:fs';

const file = process.env.MUNIN_PEAK_FILE;
if (file) {
  const report = () => {
    // maxRSS is in kibibytes.
    writeFileSync(file, JSON.stringify({ peakRssBytes: process.resourceUsage().maxRSS * 1024 }));
  };
  process.on('exit', report);
}
