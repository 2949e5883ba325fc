import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
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
 * A port nothing listens on now, as the system hands one out: two benches (or a bench and another
 * checkout's e2e server) on one machine then never answer each other's requests.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/**
 * Starts the production server (`.next/standalone/server.js`, what `npm start` and the e2e suite
 * run). Budgets are only meaningful on a production build, so a missing one is an error with the
 * command to make it, not a silent dev-mode measurement.
 */
export async function startProductionServer(root: string, port: number): Promise<RunningServer> {
  const server = join(root, ".next", "standalone", "server.js");
  if (!existsSync(join(root, ".next", "BUILD_ID")) || !existsSync(server)) {
    throw new Error("No production build in .next/: run `npm run build` first.");
  }
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [server], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1" },
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
    throw new Error(`the production server did not answer on ${url} within 30 s`);
  }
  return { url, stop };
}
