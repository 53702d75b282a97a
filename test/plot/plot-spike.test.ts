// Exact at any width: a one-sample spike up and one down survive at every width from 20 to 200,
// in both character sets, because each column spans its samples' least to greatest value.

import { beforeAll, describe, expect, it } from 'vitest';
import { tempStores } from '../support/store-fixture.js';
import { pictureOf, SPIKY, writePlotStore } from './plot-fixture.js';

const newStore = tempStores();
let root = '';
beforeAll(() => {
  root = newStore();
  writePlotStore(root);
});

/** The canvas rows of the first panel: the lines between its title and its bottom axis. */
function canvasRows(lines: readonly string[], unicode: boolean): string[] {
  const bottom = lines.findIndex((l) => /^\s*[└+][─+-]/.test(l) && !/[┤|]/.test(l.trim().slice(1)));
  return lines.slice(3, bottom).map((l) => l.slice(l.search(unicode ? /[┤│]/ : /[+|]/) + 1));
}

describe('a spike survives', () => {
  for (const unicode of [true, false])
    it(`at every width from 20 to 200 (${unicode ? 'braille' : 'ASCII'})`, async () => {
      for (let width = 20; width <= 200; width++) {
        const { picture } = await pictureOf(
          root,
          [SPIKY, '--width', String(width), '--height', '16'],
          {
            unicode,
          },
        );
        const rows = canvasRows(picture.lines, unicode);
        expect(rows.length, `width ${width}`).toBeGreaterThanOrEqual(3);
        // Only the spikes reach the top and bottom rows (a spike and the line back down, at
        // most two cells): flat samples sit in the middle.
        expect(rows[0]!.trim(), `the spike up at width ${width}`).not.toBe('');
        expect(rows[rows.length - 1]!.trim(), `the spike down at width ${width}`).not.toBe('');
        expect(rows[1]!.trim().length, `width ${width}`).toBeLessThanOrEqual(2);
      }
    });
});
