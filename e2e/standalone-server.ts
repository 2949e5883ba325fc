import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

/** A standalone server of its own, for journeys that stop it or need settings the shared one lacks. */
export interface OwnServer {
  url: string;
  child: ChildProcess;
  /** Everything it printed, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now (Next's server reads PORT=0 as its default, 3000). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Spawns `node .next/standalone/server.js` on a free loopback port, as `npm start` would. */
export async function spawnOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(process.cwd(), ".next", "standalone", "server.js")], {
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout!.on("data", (d: Buffer) => (printed += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (printed += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => printed,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Spawns one and waits until it answers its health check. */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const server = await spawnOwnServer(env);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && server.child.exitCode === null) {
    const healthy = await fetch(`${server.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  throw new Error(`the standalone server did not start:\n${server.output()}`);
}
