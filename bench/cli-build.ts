import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCli } from "../scripts/build-cli.mjs";

/**
 * The CLI as the bench runs it: bundled by scripts/build-cli.mjs (what `npm run build:cli`
 * writes) into a temporary folder, built once per bench run from the current sources.
 */
let built: Promise<{ path: string; dir: string }> | undefined;

export function builtCli(): Promise<string> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "parley-bench-cli-"));
    const path = await buildCli(join(dir, "review.mjs"));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    return { path, dir };
  })();
  return built.then((b) => b.path);
}
