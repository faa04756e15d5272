/**
 * One place that turns a WebAssembly core, built into dist/ by scripts/build-wasm.mjs as base64, into a fresh
 * instance: compiled once per thread and binary, instantiated per call (each instance has its own memory). Null
 * when this JavaScript engine cannot (no WebAssembly): the callers then run their TypeScript twin. The count's
 * cores are a few KB, small enough for a synchronous compile on a browser's main thread too; the solver's 9×9 core
 * (src/solve/fast9/, imports: its progress tick) is compiled there asynchronously first (compileWasm).
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
  compile(bytes: Uint8Array): Promise<object>;
};

/** The exports every core has: its memory. */
export interface WasmExports {
  readonly memory: { readonly buffer: ArrayBuffer };
}

const compiled = new Map<string, object | null>();

function wasmBytes(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The core compiled (once per thread and binary), or null when this engine cannot run it. */
export function wasmModule(base64: string): object | null {
  let module = compiled.get(base64);
  if (module === undefined) {
    try {
      module = new WebAssembly.Module(wasmBytes(base64));
    } catch {
      module = null;
    }
    compiled.set(base64, module);
  }
  return module;
}

/**
 * Compile the core asynchronously, once; true when it can run. Node compiles synchronously on first use, but a
 * browser's main thread refuses a synchronous compile of a module above 4 KB: a page awaits this first.
 */
export async function compileWasm(base64: string): Promise<boolean> {
  if (!compiled.has(base64)) {
    let module: object | null;
    try {
      module = await WebAssembly.compile(wasmBytes(base64));
    } catch {
      module = null;
    }
    if (!compiled.has(base64)) compiled.set(base64, module);
  }
  return compiled.get(base64) !== null;
}

/** A fresh instance of the core (its own memory), with `imports`; null when this engine cannot run it. */
export function wasmInstance<E extends WasmExports>(base64: string, imports: object = {}): E | null {
  const module = wasmModule(base64);
  return module ? (new WebAssembly.Instance(module, imports).exports as E) : null;
}
