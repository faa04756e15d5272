/** The reduced-sum core as WebAssembly, in base64: written into dist/ by scripts/build-wasm.mjs at build time. */
export declare const REDUCED_SUM_WASM: string;
