// What a logged file's extension makes it: the type it is served with and how the page shows
// it, for each kind the Files tab knows, whatever the extension's case.

import { describe, expect, it } from 'vitest';
import { typeOfLoggedFile } from '../../electron/store/logged-files.js';

describe('typeOfLoggedFile', () => {
  it('tells each kind by its extension', () => {
    const cases: [string, string, string][] = [
      ['files/a/0.png', 'image/png', 'image'],
      ['files/a/0.GIF', 'image/gif', 'image'],
      ['files/a/0.wav', 'audio/wav', 'audio'],
      ['files/a/0.mp3', 'audio/mpeg', 'audio'],
      ['files/a/0.ogg', 'audio/ogg', 'audio'],
      ['files/a/0.flac', 'audio/flac', 'audio'],
      ['files/a/0.m4a', 'audio/mp4', 'audio'],
      ['files/a/0.mp4', 'video/mp4', 'video'],
      ['files/a/0.webm', 'video/webm', 'video'],
      ['files/a/0.ogv', 'video/ogg', 'video'],
      ['files/a/0.csv', 'text/csv; charset=utf-8', 'table'],
      ['files/a/0.tsv', 'text/tab-separated-values; charset=utf-8', 'table'],
      ['files/a/0.json', 'application/json', 'table'],
      ['files/a/0-1.jsonl', 'application/jsonl', 'table'],
      ['files/a/0.md', 'text/markdown; charset=utf-8', 'markdown'],
      ['files/a/0.html', 'text/html; charset=utf-8', 'html'],
      ['files/a/0.txt', 'text/plain; charset=utf-8', 'text'],
      ['files/a/0.pt', 'application/octet-stream', 'other'],
      ['files/a/0', 'application/octet-stream', 'other'],
    ];
    for (const [path, contentType, kind] of cases)
      expect(typeOfLoggedFile(path), path).toEqual({ contentType, kind });
  });
});
