/** Types of build-package.mjs (plain JavaScript so it runs with plain node). */
export declare const STAGE_DIR: string;
/** The manifest the package ships, from the development package.json: no scripts, no devDependencies. */
export declare function shippedManifest(pkg: Record<string, unknown>): Record<string, unknown>;
/** Builds, stages and packs the package into `destination`; resolves to the tarball and npm pack's report. */
export declare function buildPackage(destination?: string): Promise<{ tarball: string; packed: { filename: string; size: number; unpackedSize: number; files: { path: string; size: number }[] } }>;
