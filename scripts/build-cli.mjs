// Bundles the CLI (lib/cli/main.ts and everything it imports) into ES modules for plain node:
// `npm run build:cli` writes build/cli/review.mjs, run as `node build/cli/review.mjs <command>`,
// with the code of each command in build/cli/chunks/, loaded when that command runs (main.ts
// imports every command on demand). One file of everything cost every run, `--version` included,
// compiling and starting the whole engine: about 0.1 s of CPU, most of a seed-check's start-up.
// `npm run review` keeps running the sources through tsx, which needs no build but costs about a
// second of start-up per call (compiling TypeScript); the bundle starts in about 0.15 s, which
// matters to short batch runs and to scripts calling `check` once per card. The bench builds it
// the same way, so it measures what this produces.
import { build } from "esbuild";
import { chmodSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const DEFAULT_CLI_OUTFILE = ROOT + "build/cli/review.mjs";

export async function buildCli(outfile = DEFAULT_CLI_OUTFILE) {
  const outdir = path.dirname(outfile);
  // Chunks are named by their content: a rebuild must not leave the last build's beside them.
  rmSync(path.join(outdir, "chunks"), { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: { [path.basename(outfile, ".mjs")]: "lib/cli/main.ts" },
    outdir,
    outExtension: { ".js": ".mjs" },
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Bundled CommonJS dependencies call require(); an ES module has none of its own (the banner
    // opens every chunk). A shebang so the bundle runs as the `parley` command (package.json "bin").
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __parleyRequire } from 'node:module'; const require = __parleyRequire(import.meta.url);" },
    legalComments: "none",
    logLevel: "warning",
  });
  // Executable, so the bin runs by its shebang from a clone too (npm marks a bin executable only
  // when it links an installed package's, not the root project's own).
  chmodSync(outfile, 0o755);
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outfile = await buildCli(process.argv[2]);
  console.log(`built ${outfile.replace(ROOT, "")}`);
}
