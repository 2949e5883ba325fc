import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * zod may move within the range package.json gives it because the compiled card validator reads
 * only zod's public API; its differential test (lib/negotiation/card/schemas/compile.test.ts) is
 * what fails on a zod whose behaviour it no longer matches. (Outside the core: it reads files.)
 */
const ROOT = path.resolve(__dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** TypeScript sources under a folder, tests left out (a test may build a look-alike). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe("zod's range", () => {
  it("the compiled card validator reads no private zod internals (`._zod`)", () => {
    expect(read("lib/negotiation/card/schemas/compile.ts").match(/\._zod\b/g) ?? []).toEqual([]);
  });

  it("while other code still reads `._zod`, package.json lets zod take patch releases only (a minor release may reshape its internals)", () => {
    const readers = ["lib", "components", "app"].flatMap((dir) => sourcesUnder(dir)).filter((file) => /\._zod\b/.test(read(file)));
    const range = (JSON.parse(read("package.json")) as { dependencies: Record<string, string> }).dependencies.zod!;
    if (readers.length > 0) expect(range, `read by ${readers.join(", ")}`).toMatch(/^(~|=)?\d+\.\d+\.\d+$/);
    expect(range.replace(/^[~^=]/, "").split(".")[0]).toBe("4");
  });
});
