import "server-only";

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ENGINE_NAME, ENGINE_VERSION } from "@/lib/negotiation";

let buildId: string | undefined;

/**
 * The id of the build this server runs: the BUILD_ID file `next build` writes (the standalone
 * server runs from its own folder, which holds a copy). Read once; "development" under `next dev`.
 */
export function getBuildId(): string {
  if (buildId === undefined) {
    try {
      buildId = readFileSync(join(process.cwd(), ".next", "BUILD_ID"), "utf8").trim();
    } catch {
      buildId = process.env.NODE_ENV === "development" ? "development" : "unknown";
    }
  }
  return buildId;
}

export interface HealthReport {
  status: "ok";
  engine: { name: string; version: string };
  buildId: string;
}

export function healthReport(): HealthReport {
  return { status: "ok", engine: { name: ENGINE_NAME, version: ENGINE_VERSION }, buildId: getBuildId() };
}
