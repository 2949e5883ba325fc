import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

async function waitForHttp(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Starts `next start` on a production build. Budgets are only meaningful on a production build,
 * so a missing one is an error with the command to make it, not a silent dev-mode measurement.
 */
export async function startProductionServer(root: string, port: number): Promise<RunningServer> {
  if (!existsSync(join(root, ".next", "BUILD_ID"))) {
    throw new Error("No production build in .next/: run `npm run build` first.");
  }
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(join(root, "node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  };
  if (!(await waitForHttp(url, 30_000))) {
    await stop();
    throw new Error(`next start did not answer on ${url} within 30 s`);
  }
  return { url, stop };
}
