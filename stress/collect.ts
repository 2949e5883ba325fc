import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/**
 * A full collection now, twice (what the first frees may let the second free more), for measuring
 * the heap still in use: `process.memoryUsage().heapUsed` after it counts only what is reachable.
 */
export function collectNow(): void {
  collect();
  collect();
}

/**
 * Runs the garbage collector on two later turns. A WeakRef holds its target until the job that
 * made it (or last read it) ends, so a test that drops an object checks its WeakRef after this.
 */
export async function collectOnLaterTurns(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect();
  }
}
