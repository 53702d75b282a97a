// Odd run ids in the renderer: routes read them back exactly, they are shown with every character visible (hidden ones as escapes), and file names made of them are safe.

import { describe, expect, it } from 'vitest';
import type { Route } from '../../renderer/src/state/route.js';
import { parseRoute, routeHash } from '../../renderer/src/state/route.js';
import { visibleParts, visibleText } from '../../renderer/src/text/visible-text.js';
import { safeFileName } from '../../renderer/src/charts/download.js';

/** Names a run's directory may have: any but those holding `/` or NUL or starting with `.`. */
const ODD_IDS = [
  '20261101T140307Z-a1f3c9e2',
  'a\\b',
  'tab\there',
  'line\nfeed\r',
  'bell\u0007del\u007f',
  '100%',
  '%',
  '%25',
  '%2F',
  '%E0%A4%A',
  'x#y?z',
  '#/run/x/overview',
  'a+b c',
  'a,b',
  ',',
  "!'()*~",
  'a&b=c;d',
  'Grüße 日本 🎉',
  '\u202eright-to-left',
  'overview',
  'run',
  'x'.repeat(255),
];

describe('routes', () => {
  it('read back every run id exactly, on every tab', () => {
    for (const runId of ODD_IDS) {
      for (const tab of ['overview', 'metrics', 'system', 'notes'] as const) {
        const route: Route = { page: 'run', runId, tab };
        expect(parseRoute(routeHash(route)), JSON.stringify(runId)).toEqual(route);
      }
    }
  });

  it('read back a compare list of odd ids, commas in them included, in order', () => {
    const route: Route = { page: 'compare', runIds: ODD_IDS };
    expect(parseRoute(routeHash(route))).toEqual(route);
    for (const runIds of [
      ['a,b', 'c'],
      ['a', 'b,c'],
      [',', ',,'],
      ['x#y', 'z?w'],
    ]) {
      expect(parseRoute(routeHash({ page: 'compare', runIds }))).toEqual({
        page: 'compare',
        runIds,
      });
    }
  });

  it('hold only characters a fragment keeps as they are', () => {
    for (const runId of ODD_IDS) {
      const hash = routeHash({ page: 'run', runId, tab: 'overview' });
      expect(hash, JSON.stringify(runId)).toMatch(/^#\/run\/[A-Za-z0-9\-_.!~*'()%]+\/overview$/);
    }
  });

  it('take a % typed by hand, which is no encoding, as it is', () => {
    expect(parseRoute('#/run/100%/overview')).toEqual({
      page: 'run',
      runId: '100%',
      tab: 'overview',
    });
    expect(parseRoute('#/run/a%2/metrics')).toEqual({ page: 'run', runId: 'a%2', tab: 'metrics' });
    expect(parseRoute('#/compare/100%,a%20b')).toEqual({
      page: 'compare',
      runIds: ['100%', 'a b'],
    });
  });

  it('name the runs table for anything else', () => {
    for (const hash of ['', '#', '#/', '#/run', '#/run/', '#/nowhere/x']) {
      expect(parseRoute(hash)).toEqual({ page: 'runs' });
    }
    expect(parseRoute('#/run/x/nonsense')).toEqual({ page: 'run', runId: 'x', tab: 'overview' });
  });
});

describe('visibleText', () => {
  it('writes tab, line feed and carriage return as \\t, \\n and \\r', () => {
    expect(visibleText('tab\there')).toBe('tab\\there');
    expect(visibleText('line\nfeed\r')).toBe('line\\nfeed\\r');
  });

  it('writes other controls, DEL and C1 controls as \\x escapes', () => {
    expect(visibleText('\u0000\u0007\u001b\u001f\u007f')).toBe('\\x00\\x07\\x1b\\x1f\\x7f');
    expect(visibleText('next\u0085line\u009f')).toBe('next\\x85line\\x9f');
  });

  it('writes invisible and reordering format characters as \\u escapes', () => {
    expect(visibleText('run\u202egpj.exe')).toBe('run\\u202egpj.exe');
    expect(visibleText('\ufeffbom\u200b')).toBe('\\ufeffbom\\u200b');
    expect(visibleText('\u2066isolate\u2069 \u200emark\u200f')).toBe(
      '\\u2066isolate\\u2069 \\u200emark\\u200f',
    );
  });

  it('leaves every other character as it is, joiners of emoji and scripts included', () => {
    for (const text of [
      '20261101T140307Z-a1f3c9e2',
      'a\\b 100% x#y?z',
      'Grüße 日本 🎉',
      '👩\u200d👩\u200d👧',
      'می\u200cخواهم',
      '\u2409 is a picture, not a tab',
      '',
    ]) {
      expect(visibleText(text)).toBe(text);
      expect(visibleParts(text)).toEqual([{ text, escaped: false }]);
    }
  });

  it('leaves no control or invisible format character in any id', () => {
    for (const runId of ODD_IDS) {
      expect(visibleText(runId)).not.toMatch(/[\p{Cc}\u200B\u200E\u200F\u202A-\u202E\uFEFF]/u);
    }
  });
});

describe('visibleParts', () => {
  it('sets escapes apart from the text, so that `\\t` typed is not a tab', () => {
    expect(visibleParts('a\tb\\tc')).toEqual([
      { text: 'a', escaped: false },
      { text: '\\t', escaped: true },
      { text: 'b\\tc', escaped: false },
    ]);
    expect(visibleParts('\r\n')).toEqual([{ text: '\\r\\n', escaped: true }]);
    expect(visibleParts('x\u0007')).toEqual([
      { text: 'x', escaped: false },
      { text: '\\x07', escaped: true },
    ]);
  });

  it('joined, is visibleText', () => {
    for (const runId of ODD_IDS) {
      expect(
        visibleParts(runId)
          .map((part) => part.text)
          .join(''),
      ).toBe(visibleText(runId));
    }
  });
});

describe('file names of odd ids', () => {
  it('hold no /, \\, control character or leading dot, and fit a file system', () => {
    for (const text of [...ODD_IDS, '../../etc/passwd', '.hidden', '..\\..\\x', 'é'.repeat(255)]) {
      const name = safeFileName(text);
      expect(name, JSON.stringify(text)).not.toMatch(/[/\\\p{Cc}\p{Cf}:*?"<>|]/u);
      expect(name.startsWith('.')).toBe(false);
      expect(name.length).toBeGreaterThan(0);
      expect(new TextEncoder().encode(`${name}.csv`).length).toBeLessThanOrEqual(255);
    }
  });

  it('keep letters of any script', () => {
    expect(safeFileName('Grüße/日本')).toBe('Grüße_日本');
    expect(safeFileName('tab\there')).toBe('tab_here');
    expect(safeFileName('a\\b')).toBe('a_b');
  });
});
