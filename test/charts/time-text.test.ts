// renderer/src/text/time-text: dates formatted by formatters made once read exactly as Date's own
// toLocaleString would write them, this year's without the year and another's with it.

import { describe, expect, it } from 'vitest';
import { absoluteTime, shortDateTime } from '../../renderer/src/text/time-text.js';

describe('dates as the table and hovers show them', () => {
  const thisYear = new Date(new Date().getFullYear(), 2, 14, 9, 5, 7).getTime() / 1000;
  const otherYear = new Date(2019, 10, 3, 23, 59, 1).getTime() / 1000;

  it('writes a full date as toLocaleString does, with its ISO form', () => {
    for (const seconds of [thisYear, otherYear, 0, 1.5e9]) {
      const date = new Date(seconds * 1000);
      expect(absoluteTime(seconds)).toBe(`${date.toLocaleString()} (${date.toISOString()})`);
    }
  });

  it('writes a short date with the year only when it is not this one', () => {
    const fields = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' } as const;
    expect(shortDateTime(thisYear)).toBe(
      new Date(thisYear * 1000).toLocaleString(undefined, fields),
    );
    expect(shortDateTime(otherYear)).toBe(
      new Date(otherYear * 1000).toLocaleString(undefined, { ...fields, year: 'numeric' }),
    );
    expect(shortDateTime(otherYear)).toContain('2019');
    expect(shortDateTime(thisYear)).not.toContain(String(new Date().getFullYear()));
  });
});
