// Loaded with `node --import` into every node process the bench times: on exit it writes the
// process's own CPU time (all threads, workers included) and peak RSS as JSON to the file named by
// PARLEY_BENCH_USAGE_FILE, so the bench can print CPU time beside wall time for a child. With
// --expose-gc it also collects garbage and reports the heap still in use: what a leak would grow.
import { writeFileSync } from "node:fs";

const file = process.env.PARLEY_BENCH_USAGE_FILE;
if (file) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    let heapAfterGcKb;
    if (typeof globalThis.gc === "function") {
      globalThis.gc();
      heapAfterGcKb = process.memoryUsage().heapUsed / 1024;
    }
    writeFileSync(file, JSON.stringify({ userMs: usage.userCPUTime / 1000, systemMs: usage.systemCPUTime / 1000, maxRssKb: usage.maxRSS, heapAfterGcKb }));
  });
}
