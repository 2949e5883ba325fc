import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Playwright's globalSetup: the journeys must run against this build. A server already on
 * E2E_PORT (another checkout's, an older build, `next dev`) would otherwise be reused in silence
 * and the journeys would test it. Its /api/health names the build it runs; it must be
 * .next/BUILD_ID, the build `npm run build` just made. Nothing listening is fine (Playwright then
 * starts this build's server itself).
 */
export async function checkServerOnPort(baseURL: string, buildIdFile = path.join(process.cwd(), ".next", "BUILD_ID")): Promise<void> {
  let answer: Response;
  try {
    answer = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    // Nothing listening: fine. Anything else (no answer in time, a broken answer) is not this build's server.
    if ((error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") return;
    throw new Error(`e2e: something on ${baseURL} does not answer /api/health as this build's server does (${(error as Error).message}). Stop it, or set E2E_PORT to a free port.`);
  }
  let expected: string;
  try {
    expected = readFileSync(buildIdFile, "utf8").trim();
  } catch {
    throw new Error(`e2e: a server answers on ${baseURL} but there is no build here (${buildIdFile}): run npm run -s build first, or stop that server.`);
  }
  const health = (await answer.json().catch(() => undefined)) as { buildId?: unknown } | undefined;
  const running = typeof health?.buildId === "string" ? health.buildId : undefined;
  if (running !== expected) {
    throw new Error(
      `e2e: the server on ${baseURL} is not this build (it runs ${running === undefined ? "something that is not Parley's standalone server" : `build "${running}"`}, this checkout built "${expected}"). Stop it, or set E2E_PORT to a free port.`,
    );
  }
}

export default async function globalSetup(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 3100);
  await checkServerOnPort(`http://127.0.0.1:${port}`);
  // The registry journeys' server (playwright.config.ts): the same build, with the registry on.
  await checkServerOnPort(`http://127.0.0.1:${Number(process.env.E2E_REGISTRY_PORT ?? port + 1)}`);
}
