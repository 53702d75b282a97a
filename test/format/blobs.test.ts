// "Blobs": file and directory digests, links, and stored blobs checked against their names.

import { describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  digestDirectory,
  digestFile,
  digestOf,
  LinkToDirectoryError,
  verifyBlob,
} from '../../electron/store/blobs.js';
import { blake2b256Hex } from '../../shared/format/digest.js';
import { exportStore } from '../support/export.js';
import { blake2bHex, tempStores, writeAt, writeBlob } from '../support/store-fixture.js';

const newStore = tempStores();

/** The tree the Python reference digested: a/ (dir), a/x.bin, a-b and b.txt. */
function referenceTree(dir: string): void {
  writeAt(join(dir, 'a', 'x.bin'), 'x');
  writeAt(join(dir, 'b.txt'), 'bee\n');
  writeAt(join(dir, 'a-b'), 'dash');
}

// Computed independently with Python's hashlib.blake2b(digest_size=32).
const HELLO = '93becc6e9882211c3ec3708c95bcd69baab7bb59c7f4bc84ce637b88a534b783';
const REFERENCE_TREE = '148259b85556ffc833e901e5df1154b6e40e3ed563d35cf626958c052eff8476';
const EMPTY = '0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8';

describe('a digest', () => {
  it('of a file is BLAKE2b-256 of its bytes, written blake2b-256: and 64 lowercase hex digits', () => {
    const root = newStore();
    writeAt(join(root, 'f'), 'hello\n');
    expect(digestFile(join(root, 'f'))).toBe(HELLO);
    expect(digestOf(join(root, 'f'))).toBe(`blake2b-256:${HELLO}`);
    expect(digestOf(join(root, 'f'))).toMatch(/^blake2b-256:[0-9a-f]{64}$/);
    expect(blake2b256Hex(Buffer.from('hello\n'))).toBe(HELLO);
  });

  it('of a file larger than a read chunk covers every byte', () => {
    const root = newStore();
    const bytes = Buffer.alloc((3 << 20) + 17, 7);
    bytes[bytes.length - 1] = 1;
    writeAt(join(root, 'big'), bytes);
    expect(digestFile(join(root, 'big'))).toBe(blake2bHex(bytes));
  });

  it('of a directory is that of its listing, in the byte order of the paths', () => {
    const root = newStore();
    const dir = join(root, 'tree');
    referenceTree(dir);
    const listing =
      'dir:a\n' +
      `file:a-b:${blake2bHex('dash')}\n` +
      `file:a/x.bin:${blake2bHex('x')}\n` +
      `file:b.txt:${blake2bHex('bee\n')}\n`;
    expect(blake2bHex(listing)).toBe(REFERENCE_TREE);
    expect(digestDirectory(dir)).toBe(REFERENCE_TREE);
    expect(digestOf(dir)).toBe(`blake2b-256:${REFERENCE_TREE}`);
  });

  it('of an empty directory is that of the empty listing; empty subdirectories count', () => {
    const root = newStore();
    mkdirSync(join(root, 'empty'));
    expect(digestDirectory(join(root, 'empty'))).toBe(EMPTY);
    mkdirSync(join(root, 'with', 'sub'), { recursive: true });
    expect(digestDirectory(join(root, 'with'))).toBe(blake2bHex('dir:sub\n'));
  });

  it('orders paths by bytes, not by UTF-16 units', () => {
    const root = newStore();
    const dir = join(root, 'u');
    writeAt(join(dir, '\u{1F600}'), '1');
    writeAt(join(dir, '\ufffd'), '2');
    const listing = `file:\ufffd:${blake2bHex('2')}\nfile:\u{1F600}:${blake2bHex('1')}\n`;
    expect(digestDirectory(dir)).toBe(blake2bHex(listing));
  });

  it('stores a symbolic link to a file as that file', () => {
    const root = newStore();
    const plain = join(root, 'plain');
    referenceTree(plain);
    const linked = join(root, 'linked');
    referenceTree(linked);
    rmSync(join(linked, 'b.txt'));
    writeAt(join(root, 'outside.txt'), 'bee\n');
    symlinkSync(join(root, 'outside.txt'), join(linked, 'b.txt'));
    expect(digestDirectory(linked)).toBe(digestDirectory(plain));
  });

  it('refuses a symbolic link to a directory', () => {
    const root = newStore();
    const dir = join(root, 'd');
    referenceTree(dir);
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(join(root, 'elsewhere'), join(dir, 'link'));
    expect(() => digestDirectory(dir)).toThrow(LinkToDirectoryError);
  });
});

describe('blobs/blake2b-256/<hex>', () => {
  it('is the file or directory whose digest ends in <hex>, which a reader may check', () => {
    const root = newStore();
    const digest = writeBlob(root, 'hello\n');
    expect(digest).toBe(`blake2b-256:${HELLO}`);
    expect(verifyBlob(root, digest)).toBe('intact');
    referenceTree(join(root, 'blobs', 'blake2b-256', REFERENCE_TREE));
    expect(verifyBlob(root, `blake2b-256:${REFERENCE_TREE}`)).toBe('intact');
  });

  it('a blob whose bytes no longer digest to its name is corrupt; an absent one is missing', () => {
    const root = newStore();
    const digest = writeBlob(root, 'hello\n');
    writeFileSync(join(root, 'blobs', 'blake2b-256', HELLO), 'hellO\n');
    expect(verifyBlob(root, digest)).toBe('corrupt');
    expect(verifyBlob(root, `blake2b-256:${EMPTY}`)).toBe('missing');
    expect(verifyBlob(root, 'blake2b-256:xyz')).toBe('missing');
  });

  it('a .-named entry of blobs/, a copy in progress, is no blob and changes no export', () => {
    const root = newStore();
    const before = exportStore(root);
    writeAt(join(root, 'blobs', '.incoming-123'), 'partial');
    writeAt(join(root, 'blobs', 'blake2b-256', `.${HELLO}`), 'partial');
    expect(verifyBlob(root, `blake2b-256:${HELLO}`)).toBe('missing');
    expect(exportStore(root)).toEqual(before);
  });
});
