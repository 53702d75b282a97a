// BLAKE2b-256 digests as the format names them: tag file names, machine identities and blobs.

import { blake2b } from '@noble/hashes/blake2.js';
import { encodeUtf8 } from './utf8.js';

const MUNIN_KEY = encodeUtf8('munin');

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The 64 lowercase hex digits of the BLAKE2b-256 digest of bytes. */
export function blake2b256Hex(bytes: Uint8Array): string {
  return toHex(blake2b(bytes, { dkLen: 32 }));
}

/** A streaming BLAKE2b-256, for blobs too large to hold at once. */
export function createBlake2b256(): { update(bytes: Uint8Array): void; hex(): string } {
  const hash = blake2b.create({ dkLen: 32 });
  return {
    update: (bytes) => void hash.update(bytes),
    hex: () => toHex(hash.digest()),
  };
}

/** A tag's file name: the digest of its UTF-8 bytes. */
export function tagDigest(tag: string): string {
  return blake2b256Hex(encodeUtf8(tag));
}

/** The machine identity: BLAKE2b-256 keyed with "munin" of the bytes naming the machine. */
export function machineIdentity(machineBytes: Uint8Array): string {
  return toHex(blake2b(machineBytes, { dkLen: 32, key: MUNIN_KEY }));
}

export const DIGEST_PREFIX = 'blake2b-256:';
export const HEX_DIGEST = /^[0-9a-f]{64}$/;
