/** The column-set table core as WebAssembly, in base64: written into dist/ by scripts/build-wasm.mjs at build time. */
export declare const COLUMN_SET_WASM: string;
