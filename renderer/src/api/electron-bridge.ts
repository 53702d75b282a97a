// The bridge in the desktop app: the preload's functions, whose answers and deltas arrive as
// wire-codec frames, decoded here into the Api's values.

import type { ApiOp, ApiResponse, Delta } from '../../../shared/api/contract.js';
import type { ApiFunctions, ArgsOf, MuninBridge, PreloadApi } from '../../../shared/api/bridge.js';
import { API_OPS } from '../../../shared/api/bridge.js';
import type { TextCodec } from '../../../shared/api/wire-codec.js';
import { decodeWireMessage } from '../../../shared/api/wire-codec.js';

const textCodec: TextCodec = {
  encode: (text) => new TextEncoder().encode(text),
  decode: (bytes) => new TextDecoder().decode(bytes),
};

export function createElectronBridge(preload: PreloadApi): MuninBridge {
  const api = Object.fromEntries(
    API_OPS.map((op) => [
      op,
      async (args: ArgsOf<ApiOp>): Promise<ApiResponse> =>
        // Each answer comes through IPC as a clone of its own: its arrays are views of it.
        decodeWireMessage(
          await (preload.api[op] as (a: ArgsOf<ApiOp>) => Promise<Uint8Array>)(args),
          textCodec,
          { owned: true },
        ) as ApiResponse,
    ]),
  ) as unknown as ApiFunctions;
  return {
    transport: 'electron',
    api,
    onDelta: (listener) =>
      preload.onDelta((frame) => {
        // One frame holds the deltas of one turn of the host's event loop, in order.
        for (const delta of decodeWireMessage(frame, textCodec, { owned: true }) as Delta[])
          listener(delta);
      }),
    // IPC to the main process does not drop while the window lives.
    onConnectionChange: () => () => undefined,
    desktop: preload.desktop,
  };
}
