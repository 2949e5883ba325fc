#!/usr/bin/env node
// After `next build`: put the static files beside the standalone server. Next leaves them out of
// .next/standalone on purpose (a CDN may serve them); Parley serves them itself, so the server
// folder must hold .next/static (and public/, if the app ever has one) to be complete on its own.
import { cpSync, existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Copies the assets into `<root>/.next/standalone`; returns the folders copied. Throws when there is no standalone build. */
export function copyStandaloneAssets(root) {
  const standalone = join(root, ".next", "standalone");
  if (!existsSync(join(standalone, "server.js"))) {
    throw new Error(`${standalone}/server.js is missing: run \`next build\` with output: "standalone" first.`);
  }
  const copied = [];
  for (const [from, to] of [
    [join(root, ".next", "static"), join(standalone, ".next", "static")],
    [join(root, "public"), join(standalone, "public")],
  ]) {
    if (!existsSync(from)) continue;
    // A previous build's hashed files must not linger beside this build's.
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
    copied.push(to);
  }
  return copied;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
  const copied = copyStandaloneAssets(root);
  console.log(`standalone assets: copied ${copied.map((p) => p.slice(root.length + 1)).join(", ")}`);
}
