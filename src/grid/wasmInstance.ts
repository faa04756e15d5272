/**
 * One place that turns a WebAssembly core, built into dist/ by scripts/build-wasm.mjs as base64, into a fresh
 * instance: compiled once per thread and binary, instantiated per call (each instance has its own memory). Null
 * when this JavaScript engine cannot (no WebAssembly): the callers then run their TypeScript twin. The count's
 * cores are a few KB, small enough for a synchronous compile on a browser's main thread too.
 */

/**
 * The one switch between a WebAssembly core and its TypeScript twin, wherever a stage has both: 'wasm' (the core
 * where it loads and takes the input, else the TypeScript) or 'typescript' (the twin: the tests' oracle).
 */
export type CoreEngine = 'wasm' | 'typescript';

/** The slice of the WebAssembly JavaScript API used here (Node 20 and browsers have it; our lib has no DOM types). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: unknown };
};

/** The exports every core has: its memory. */
export interface WasmExports {
  readonly memory: { readonly buffer: ArrayBuffer };
}

const compiled = new Map<string, object | null>();

export function wasmInstance<E extends WasmExports>(base64: string): E | null {
  let module = compiled.get(base64);
  if (module === undefined) {
    try {
      const text = atob(base64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      module = new WebAssembly.Module(bytes);
    } catch {
      module = null;
    }
    compiled.set(base64, module);
  }
  return module ? (new WebAssembly.Instance(module, {}).exports as E) : null;
}
