// The wire codec's text on Node: UTF-8 both ways, refusing bytes that are not UTF-8 on the way in.

import type { TextCodec } from '../../shared/api/wire-codec.js';

export const nodeTextCodec: TextCodec = {
  encode: (text) => new TextEncoder().encode(text),
  decode: (bytes) => new TextDecoder('utf-8', { fatal: true }).decode(bytes),
};
