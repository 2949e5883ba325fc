#!/usr/bin/env node
// How long the CLI takes to start, the ways a user runs it, against `node -e 0` (node's own
// start-up) on the same machine in the same run: `node scripts/cli-startup.mjs [runs]`. The CLI
// loads each command's code when it runs (scripts/build-cli.mjs), so two things are timed: the
// bare start (`--version`, the entry alone) and a real answer (`check` of one card for one task
// class: the engine loaded and started, one review, the report), the latter each way the docs run
// it. Runs alternate between commands so a busy machine slows them alike. Prints each one's median
// wall time and CPU time and its ratio to node's. The README's start-up figures come from here.
// (Run `node scripts/build-cli.mjs` first: it times the CLI as built.)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const BUNDLE = "build/cli/review.mjs";
if (!existsSync(ROOT + BUNDLE)) {
  console.error(`${BUNDLE} is missing: run node scripts/build-cli.mjs (npm ci does it) first.`);
  process.exit(2);
}
const runs = Number(process.argv[2] ?? 9);
/** One card, one task class: the least a user asks of the CLI that reviews something. */
const CHECK = ["check", "--card", "examples/cards/contoso.json", "--profile", "northwind", "--task-class", "request-response"];
export const STARTUP_COMMANDS = [
  { label: "node -e 0", argv: [process.execPath, "-e", "0"] },
  { label: `node ${BUNDLE} --version`, argv: [process.execPath, BUNDLE, "--version"] },
  { label: `node ${BUNDLE} check (one card)`, argv: [process.execPath, BUNDLE, ...CHECK] },
  { label: `${BUNDLE} check (the bin: its shebang)`, argv: [ROOT + BUNDLE, ...CHECK] },
  { label: "npx parley check", argv: ["npx", "parley", ...CHECK] },
];
const commands = STARTUP_COMMANDS;

/**
 * CPU time of the children this process has waited for, in ms, from /proc/self/stat (cutime and
 * cstime, in the kernel's 100 Hz clock ticks); undefined where there is no /proc (then only wall
 * time is printed). Node has no call for a child's usage.
 */
function childrenCpuMs() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of the line (cutime, cstime); the first two (pid, comm) are cut off above.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}
const wall = commands.map(() => []);
const cpu = commands.map(() => []);
for (let i = 0; i < runs + 1; i++) {
  commands.forEach((c, k) => {
    const before = childrenCpuMs();
    const start = process.hrtime.bigint();
    const r = spawnSync(c.argv[0], c.argv.slice(1), { cwd: ROOT, encoding: "utf8" });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const after = childrenCpuMs();
    if (r.status !== 0) throw new Error(`${c.label} failed (exit ${r.status}): ${r.stderr}`);
    if (i > 0) {
      // The first round warms the file cache.
      wall[k].push(ms);
      if (before !== undefined && after !== undefined) cpu[k].push(after - before);
    }
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(wall[0]);
console.log(`CLI start-up, median of ${runs} runs (wall time${cpu[0].length ? "; CPU time beside it" : ""}):`);
commands.forEach((c, k) => {
  const m = median(wall[k]);
  const cpuText = cpu[k].length ? `  CPU ${(median(cpu[k]) / 1000).toFixed(2)} s` : "";
  console.log(`  ${c.label.padEnd(52)} ${(m / 1000).toFixed(2)} s  ${(m / base).toFixed(1)}× node -e 0${cpuText}`);
});
