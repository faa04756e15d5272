/** The fast9 core as WebAssembly, in base64: written into dist/ by scripts/build-wasm.mjs at build time. */
export declare const FAST9_WASM: string;
