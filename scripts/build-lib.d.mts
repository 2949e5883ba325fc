/** Types of build-lib.mjs (plain JavaScript so it runs with plain node). */
export declare const LIB_OUTDIR: string;
/** Builds the parley-a2a library (Node and browser entries, the guard, declarations) into `outdir`; resolves to it. */
export declare function buildLib(outdir?: string): Promise<string>;
