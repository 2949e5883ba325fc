import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { REGISTRY_TOKEN } from "./e2e/registry-settings";

// E2E_PORT: the port the journeys' server listens on (default 3100); give each checkout its own
// when several run on one machine. A server already there is reused only if it is this build.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The registry journeys (e2e/registry*.spec.ts) run against a second server of the same build with
// the registry on, on the next port, so every other journey still meets a stateless Parley. Its
// embedded database is a fresh folder per run (workers inherit the variable, so they agree on it).
const REGISTRY_PORT = Number(process.env.E2E_REGISTRY_PORT ?? PORT + 1);
process.env.PARLEY_E2E_REGISTRY_DIR ??= mkdtempSync(join(tmpdir(), "parley-e2e-registry-"));
const launchArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const serverEnv = {
  HOSTNAME: "127.0.0.1",
  NEXT_TELEMETRY_DISABLED: "1",
  // Loopback fetches let the fetch journeys serve cards from local test servers; private and
  // link-local addresses stay refused, and the SSRF journeys check that.
  PARLEY_ALLOW_LOOPBACK_FETCH: "1",
};

export default defineConfig({
  testDir: "./e2e",
  // Refuses a server already on E2E_PORT that is not this build (see e2e/same-build.ts).
  globalSetup: "./e2e/same-build.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: "list",
  timeout: 30_000,
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    {
      name: "chromium",
      testIgnore: /registry[^/]*\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: chromiumPath, args: launchArgs } },
    },
    {
      name: "registry",
      testMatch: /registry[^/]*\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${REGISTRY_PORT}`, launchOptions: { executablePath: chromiumPath, args: launchArgs } },
    },
  ],
  // The journeys run against the standalone server `npm run build` makes: what a container starts
  // is what the tests exercised. (`npm run e2e` builds first; see scripts/copy-standalone-assets.mjs.)
  webServer: [
    {
      command: "node .next/standalone/server.js",
      url: `${baseURL}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(PORT),
        // Every journey fetches from 127.0.0.1, so they share one rate-limit bucket: a larger burst
        // keeps parallel journeys from limiting each other, and trusting one proxy hop lets the
        // rate-limit journey take a bucket of its own by sending X-Forwarded-For.
        PARLEY_FETCH_BURST: "60",
        PARLEY_TRUST_X_FORWARDED_FOR: "1",
      },
    },
    {
      command: "node .next/standalone/server.js",
      url: `http://127.0.0.1:${REGISTRY_PORT}/api/health`,
      reuseExistingServer: !process.env.CI,
      // The embedded database is created and migrated at start: slow on a loaded machine.
      timeout: 180_000,
      env: {
        ...serverEnv,
        PORT: String(REGISTRY_PORT),
        PARLEY_DATABASE_URL: `file:${process.env.PARLEY_E2E_REGISTRY_DIR}`,
        PARLEY_TEAM_TOKEN: REGISTRY_TOKEN,
        // The journeys check now; a scheduler tick during one would only add noise.
        PARLEY_REGISTRY_TICK_SECONDS: "3600",
      },
    },
  ],
});
