import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Docker cannot run where this is developed: these checks keep the recipe honest instead.
const dockerfile = readFileSync("Dockerfile", "utf8");
const ignored = readFileSync(".dockerignore", "utf8").split("\n").map((l) => l.trim());
const finalStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

describe("Dockerfile", () => {
  it("installs from the lockfile and builds with the project's own script", () => {
    expect(dockerfile).toMatch(/COPY package\.json package-lock\.json \.\//);
    expect(dockerfile).toContain("RUN npm ci");
    expect(dockerfile).toContain("RUN npm run build");
  });

  it("ships only the standalone folder, run by a non-root user, with a health check", () => {
    expect(finalStage.match(/^COPY .*/gm)).toEqual(["COPY --from=build --chown=node:node /app/.next/standalone ./"]);
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/HEALTHCHECK [\s\S]*\/api\/health/);
    expect(finalStage).toMatch(/^CMD \["node", "server\.js"\]$/m);
    expect(finalStage).toContain("HOSTNAME=0.0.0.0");
  });

  it("uses a Node version the package accepts", () => {
    const major = Number(/ARG NODE_VERSION=(\d+)/.exec(dockerfile)?.[1]);
    const required = JSON.parse(readFileSync("package.json", "utf8")).engines.node as string;
    expect(major).toBeGreaterThanOrEqual(Number(/>=(\d+)/.exec(required)?.[1]));
  });

  it("keeps installed and built folders and the git history out of the build context", () => {
    for (const entry of ["node_modules", ".next", ".git", "test-results"]) expect(ignored).toContain(entry);
  });
});
