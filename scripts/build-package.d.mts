/** Types of build-package.mjs (plain JavaScript so it runs with plain node). */
export declare const STAGE_DIR: string;
export declare const REPOSITORY_ENV: "PARLEY_REPOSITORY";
export interface RepositoryField {
  type: "git";
  url: string;
}
export interface ResolvedRepository {
  field: RepositoryField;
  from: "--repository" | "PARLEY_REPOSITORY" | "git remote origin";
}
/** The manifest the package ships, from the development package.json: no scripts, no devDependencies. */
export declare function shippedManifest(pkg: Record<string, unknown>): Record<string, unknown>;
/** A repository URL as package.json's `repository`; publicOnly: GitHub and GitLab only, undefined otherwise; else throws on a non-URL. */
export declare function repositoryField(value: string, options?: { publicOnly?: boolean }): RepositoryField | undefined;
export declare function gitOrigin(cwd?: string): string | undefined;
/** The flag, else the env, else the clone's public origin, else undefined (the field is left out). */
export declare function resolveRepository(options?: { flag?: string; env?: Record<string, string | undefined>; origin?: () => string | undefined }): ResolvedRepository | undefined;
export declare function cdnBase(name: string, version: string): string;
/** The README for a package without a repository: docs/ links on the CDN (and shipped), images left out, other relative links as text. */
export declare function readmeWithoutRepository(text: string, options: { name: string; version: string; exists: (file: string) => boolean }): { text: string; ship: string[] };
/** The docs `start` names and the docs/ Markdown they link to in turn. */
export declare function linkedDocs(start: readonly string[], read: (file: string) => string | undefined): string[];
export declare function parsePackArgs(argv: readonly string[]): { destination?: string; repository?: string };
/** Builds, stages and packs the package into `destination`; resolves to the tarball, npm pack's report and the repository it took. */
export declare function buildPackage(
  destination?: string,
  options?: { repository?: string; env?: Record<string, string | undefined>; origin?: () => string | undefined },
): Promise<{ tarball: string; packed: { filename: string; size: number; unpackedSize: number; files: { path: string; size: number }[] }; repository: ResolvedRepository | undefined }>;
