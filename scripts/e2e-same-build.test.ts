import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkServerOnPort } from "../e2e/same-build";

// Playwright must not run the journeys against a server on E2E_PORT that is another build.
const dir = mkdtempSync(path.join(tmpdir(), "parley-e2e-build-"));
const buildIdFile = path.join(dir, "BUILD_ID");
writeFileSync(buildIdFile, "this-build\n");
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(dir, { recursive: true, force: true });
});

async function serve(body: string): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("e2e global setup: the server on E2E_PORT", () => {
  it("is accepted when it runs this build", async () => {
    await expect(checkServerOnPort(await serve(JSON.stringify({ status: "ok", buildId: "this-build" })), buildIdFile)).resolves.toBeUndefined();
  });

  it("is refused when it runs another build, naming both and what to do", async () => {
    const url = await serve(JSON.stringify({ status: "ok", buildId: "older-build" }));
    await expect(checkServerOnPort(url, buildIdFile)).rejects.toThrow(/is not this build \(it runs build "older-build", this checkout built "this-build"\)\. Stop it, or set E2E_PORT/);
  });

  it("is refused when it is not Parley at all", async () => {
    await expect(checkServerOnPort(await serve("<html>hello</html>"), buildIdFile)).rejects.toThrow(/something that is not Parley's standalone server/);
  });

  it("nothing listening is fine: Playwright starts this build's server", async () => {
    const url = await serve("{}");
    await new Promise((r) => servers.pop()!.close(r));
    await expect(checkServerOnPort(url, buildIdFile)).resolves.toBeUndefined();
  });
});
