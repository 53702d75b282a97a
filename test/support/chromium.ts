// The browser the end-to-end tests and the UI benchmark drive: Debian's chromium, headless, with
// the flags that keep it from reaching the network or a GPU.

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
