#!/usr/bin/env node
// How long the CLI takes to start, the three ways a user runs it, against `node -e 0` (node's own
// start-up) on the same machine in the same run: `node scripts/cli-startup.mjs [runs]`. Each
// command prints the version and exits; runs alternate between commands so a busy machine slows
// them alike. Prints each one's median wall time and its ratio to node's. The README's start-up
// figures come from here. (Run `node scripts/build-cli.mjs` first: it times the bundle as built.)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const BUNDLE = "build/cli/review.mjs";
if (!existsSync(ROOT + BUNDLE)) {
  console.error(`${BUNDLE} is missing: run node scripts/build-cli.mjs (npm ci does it) first.`);
  process.exit(2);
}
const runs = Number(process.argv[2] ?? 9);
const commands = [
  { label: "node -e 0", argv: [process.execPath, "-e", "0"] },
  { label: `node ${BUNDLE} --version`, argv: [process.execPath, BUNDLE, "--version"] },
  { label: `${BUNDLE} --version (the bin: its shebang)`, argv: [ROOT + BUNDLE, "--version"] },
  { label: "npx parley --version", argv: ["npx", "parley", "--version"] },
];
const times = commands.map(() => []);
for (let i = 0; i < runs + 1; i++) {
  commands.forEach((c, k) => {
    const start = process.hrtime.bigint();
    const r = spawnSync(c.argv[0], c.argv.slice(1), { cwd: ROOT, encoding: "utf8" });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`${c.label} failed: ${r.stderr}`);
    if (i > 0) times[k].push(ms); // the first round warms the file cache
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times[0]);
console.log(`CLI start-up, median of ${runs} runs (wall time):`);
commands.forEach((c, k) => {
  const m = median(times[k]);
  console.log(`  ${c.label.padEnd(52)} ${(m / 1000).toFixed(2)} s  ${(m / base).toFixed(1)}× node -e 0`);
});
