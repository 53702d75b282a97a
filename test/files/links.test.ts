// The app's one check of links that leave it (http(s) only, nothing with a control character),
// and where a path in a logged Markdown file leads within its run.

import { describe, expect, it } from 'vitest';
import { externalLink } from '../../shared/api/external-link.js';
import { pathInRun } from '../../renderer/src/files/markdown/path-in-run.js';

describe('externalLink', () => {
  it('opens http and https addresses with a host', () => {
    expect(externalLink('https://example.com/paper?x=1#a')).toBe('https://example.com/paper?x=1#a');
    expect(externalLink('HTTP://example.com')).toBe('HTTP://example.com');
  });

  it('opens nothing else', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'file:///etc/passwd',
      'munin-app://app/index.html',
      'data:text/html,<script>',
      '../notes.txt',
      '/api/files/r/x',
      'https://',
      'https:///path',
      'https://exa mple.com',
      'https://example.com/\u0000x',
      ' https://example.com',
    ]) {
      expect(externalLink(href), href).toBeNull();
    }
  });
});

describe('pathInRun', () => {
  const report = 'files/eval/report/200.md';
  it('reads a relative path from the file’s directory', () => {
    expect(pathInRun(report, '../../samples/digits/200-0.png')).toBe(
      'files/samples/digits/200-0.png',
    );
    expect(pathInRun(report, './chart.png')).toBe('files/eval/report/chart.png');
    expect(pathInRun(report, 'a%20b.png?raw=1')).toBe('files/eval/report/a b.png');
  });

  it('leads nowhere for a path out of the run, an absolute path or an address', () => {
    for (const path of [
      '../../../../x.png',
      '/etc/passwd',
      'https://example.com/x.png',
      'data:image/png;base64,AA',
      '',
      '%E2%82.png',
    ]) {
      expect(pathInRun(report, path), path).toBeNull();
    }
  });
});
