import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs build script, run by node; no types of its own
import { copyStandaloneAssets } from "./copy-standalone-assets.mjs";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function fakeBuild(files: Record<string, string>): void {
  root = mkdtempSync(join(tmpdir(), "parley-standalone-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe("copyStandaloneAssets", () => {
  it("puts .next/static and public beside the standalone server, replacing an older copy", () => {
    fakeBuild({
      ".next/standalone/server.js": "",
      ".next/standalone/.next/static/chunks/old-build.js": "stale",
      ".next/static/chunks/app.js": "chunk",
      "public/robots.txt": "robots",
    });
    copyStandaloneAssets(root);
    expect(readFileSync(join(root, ".next/standalone/.next/static/chunks/app.js"), "utf8")).toBe("chunk");
    expect(readFileSync(join(root, ".next/standalone/public/robots.txt"), "utf8")).toBe("robots");
    expect(existsSync(join(root, ".next/standalone/.next/static/chunks/old-build.js"))).toBe(false);
  });

  it("skips a missing public folder", () => {
    fakeBuild({ ".next/standalone/server.js": "", ".next/static/x.css": "css" });
    expect(copyStandaloneAssets(root)).toEqual([join(root, ".next/standalone/.next/static")]);
  });

  it("says what to do when there is no standalone build", () => {
    fakeBuild({ ".next/static/x.css": "css" });
    expect(() => copyStandaloneAssets(root)).toThrow(/output: "standalone"/);
  });
});
