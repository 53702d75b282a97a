// The WebAssembly API as the host uses it: TypeScript declares it only in its DOM libraries,
// which the host's code, run by Node and Electron's main process, does not take.

declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
  }
  class Global {
    value: unknown;
  }
  class Instance {
    constructor(module: Module, imports: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
}
