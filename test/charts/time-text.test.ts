// renderer/src/text/time-text: dates formatted by formatters made once read exactly as Date's own
// toLocaleString would write them, this year's without the year and another's with it; ages in a
// badge's few characters.

import { describe, expect, it } from 'vitest';
import {
  absoluteTime,
  columnDateTime,
  shortAge,
  shortDateTime,
} from '../../renderer/src/text/time-text.js';

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

describe('a date in a table’s narrow column', () => {
  it('gives this year’s date its time, and another year’s its day alone', () => {
    const thisYear = new Date(new Date().getFullYear(), 2, 14, 9, 5, 7).getTime() / 1000;
    const otherYear = new Date(2019, 10, 3, 23, 59, 1).getTime() / 1000;
    expect(columnDateTime(thisYear)).toBe(shortDateTime(thisYear));
    expect(columnDateTime(otherYear)).toBe(
      new Date(otherYear * 1000).toLocaleDateString(undefined, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }),
    );
  });
});

describe('an age in a badge’s few characters', () => {
  const now = 1_800_000_000;

  it('says now, seconds, minutes, hours, days, months and years', () => {
    expect(shortAge(now - 1, now)).toBe('now');
    expect(shortAge(now + 3, now)).toBe('now');
    expect(shortAge(now - 12.7, now)).toBe('12 s');
    expect(shortAge(now - 185, now)).toBe('3 min');
    expect(shortAge(now - 2 * 3600 - 1, now)).toBe('2 h');
    expect(shortAge(now - 4 * 86400, now)).toBe('4 d');
    expect(shortAge(now - 45 * 86400, now)).toBe('1 mo');
    expect(shortAge(now - 364 * 86400, now)).toBe('12 mo');
    expect(shortAge(now - 800 * 86400, now)).toBe('2 y');
  });

  it('gives no age to a time ahead of the clock', () => {
    expect(shortAge(now + 60, now)).toBeNull();
  });
});
