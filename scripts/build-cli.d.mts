/** Types of build-cli.mjs (plain JavaScript so it runs with plain node). */
export declare const DEFAULT_CLI_OUTFILE: string;
/** Bundles lib/cli/main.ts into one ES module at `outfile`; resolves to that path. */
export declare function buildCli(outfile?: string): Promise<string>;
