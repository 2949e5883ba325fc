import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

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
