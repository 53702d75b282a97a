// Drawing a run's id as munin does: YYYYMMDDTHHMMSSZ-xxxxxxxx, the start time in UTC and 32
// random bits in hexadecimal, so that `ls runs` lists runs in the order they started.

import { randomBytes } from 'node:crypto';

/** 32 random bits, as an unsigned integer. */
export type RandomBits = () => number;

export const cryptoRandomBits: RandomBits = () => randomBytes(4).readUInt32BE(0);

const two = (n: number): string => String(n).padStart(2, '0');

/** The id of a run started at `time` (seconds since the epoch) with the given random bits. */
export function runIdFor(time: number, bits: number): string {
  const date = new Date(Math.floor(time) * 1000);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999 || date.getUTCFullYear() < 0) {
    throw new Error(`a run cannot start at time ${time}: its id needs a four-digit UTC year`);
  }
  const day = `${String(date.getUTCFullYear()).padStart(4, '0')}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;
  const clock = `${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}`;
  return `${day}T${clock}Z-${(bits >>> 0).toString(16).padStart(8, '0')}`;
}
