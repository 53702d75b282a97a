// The desktop app's settings file: a first launch (no file) starts from the defaults in silence,
// while a file that cannot be parsed, or a folder where it cannot be written, is warned of.

import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsFile } from '../../electron/desktop-settings.js';
import { tempStores } from '../support/store-fixture.js';
import { captureLog } from '../support/captured-log.js';

const newFolder = tempStores();
const captured = captureLog(true);

describe('the settings file', () => {
  it('starts from the defaults in silence on a first launch', () => {
    const settings = SettingsFile.inFolder(newFolder());
    expect(settings.recent).toEqual([]);
    expect(captured.lines).toEqual([]);
  });

  it('warns of a file it cannot parse, and starts from the defaults', () => {
    const folder = newFolder();
    writeFileSync(join(folder, 'munin-view-settings.json'), '{"recent": [');
    const settings = SettingsFile.inFolder(folder);
    expect(settings.recent).toEqual([]);
    expect(captured.lines).toEqual([
      [
        'warn',
        expect.stringContaining(`${join(folder, 'munin-view-settings.json')} cannot be read`),
      ],
    ]);
  });

  it('warns when it cannot keep what it was told, and goes on', () => {
    const folder = newFolder();
    // A file where its folder should be: nothing can be written under it.
    writeFileSync(join(folder, 'app'), '');
    const settings = SettingsFile.inFolder(join(folder, 'app'));
    settings.rememberStore('/some/store');
    expect(settings.recent).toEqual(['/some/store']);
    expect(captured.lines).toEqual([
      [
        'warn',
        expect.stringMatching(/cannot be written; the window and recent stores are not kept/),
      ],
    ]);
  });
});
