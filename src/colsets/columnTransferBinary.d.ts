/** The column transfer core as WebAssembly, in base64: written into dist/ by scripts/build-wasm.mjs at build time. */
export declare const COLUMN_TRANSFER_WASM: string;
