// The app scheme's request-to-file resolution: the file under the renderer, 400 for a malformed
// escape (which threw in the protocol handler), 404 for another host or a way out.

import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { resolveAppFile } from '../../electron/app-protocol.js';

const RENDERER = '/opt/munin-view/renderer';
const resolve = (path: string, host = 'app') =>
  resolveAppFile(`munin-app://${host}${path}`, RENDERER, 'app');

describe('resolveAppFile', () => {
  it('answers the index for the root and the file a path names, escapes decoded', () => {
    expect(resolve('/')).toEqual({ status: 200, path: join(RENDERER, 'index.html') });
    expect(resolve('')).toEqual({ status: 200, path: join(RENDERER, 'index.html') });
    expect(resolve('/assets/app-1.js')).toEqual({
      status: 200,
      path: join(RENDERER, 'assets', 'app-1.js'),
    });
    expect(resolve('/assets/%E2%82%AC%20x.svg?v=1#top')).toEqual({
      status: 200,
      path: join(RENDERER, 'assets', '€ x.svg'),
    });
  });

  it('answers 400 for an escape that is malformed or not UTF-8', () => {
    for (const path of ['/%zz', '/%', '/a%2', '/%E2%82', '/%C0%AF', '/%FF.js']) {
      expect(resolve(path), path).toEqual({
        status: 400,
        reason: 'the path is not percent-encoded UTF-8',
      });
    }
  });

  it('answers 404 for a path out of the renderer, the renderer itself, or another host', () => {
    // An escaped slash is decoded after the URL resolved its dot segments: it can lead out.
    for (const path of ['/..%2Fsecret', '/..%2F..%2Fetc/passwd', '/..%2Frenderer-other/a.js']) {
      expect(resolve(path), path).toEqual({ status: 404, reason: 'not found' });
    }
    expect(resolve('/.%2E')).toEqual({ status: 200, path: join(RENDERER, 'index.html') });
    expect(resolve('/assets/%2E%2E%2F')).toEqual({ status: 404, reason: 'not found' });
    expect(resolve('/index.html', 'evil')).toEqual({ status: 404, reason: 'not found' });
  });

  it('keeps dot segments, escaped or not, inside: the URL resolves them first', () => {
    expect(resolve('/%2e%2e/%2e%2e/etc/passwd')).toEqual({
      status: 200,
      path: join(RENDERER, 'etc', 'passwd'),
    });
  });
});
