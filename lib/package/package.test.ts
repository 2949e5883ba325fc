import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientProfileJsonSchema, FIELD_DESCRIPTIONS, propertyPaths } from "../../schema/client-profile";
import { ENGINE_VERSION, INVARIANTS } from "../negotiation";
import pkg from "../../package.json";
import { shippedManifest } from "../../scripts/build-package.mjs";

/** What the package promises, checked without building it (lib/package/pack.test.ts builds and installs it). */
const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("package.json", () => {
  it("has one version number: the engine's (records, links and --version say it)", () => {
    expect(pkg.version).toBe(ENGINE_VERSION);
  });

  it("is publishable as parley-a2a under Apache-2.0, with the licence text beside it", () => {
    expect(pkg.name).toBe("parley-a2a");
    expect("private" in pkg).toBe(false);
    expect(pkg.license).toBe("Apache-2.0");
    expect(read("LICENSE")).toContain("Apache License\n                           Version 2.0, January 2004");
  });

  it("depends at run time only on jose and zod; the SDK is an optional peer of the guard; the app's packages are dev-only", () => {
    expect(Object.keys(pkg.dependencies)).toEqual(["jose", "zod"]);
    expect(pkg.peerDependencies).toEqual({ "@a2a-js/sdk": expect.stringMatching(/^\^1\./) });
    expect(pkg.peerDependenciesMeta).toEqual({ "@a2a-js/sdk": { optional: true } });
    for (const app of ["next", "react", "react-dom", "@tanstack/react-query", "@codemirror/view", "server-only"]) {
      expect(Object.keys(pkg.devDependencies)).toContain(app);
    }
  });

  it("points every export, the types and the bin into the published files", () => {
    const targets = [pkg.main, pkg.types, ...Object.values(pkg.bin), ...Object.values(pkg.exports).flatMap((e) => (typeof e === "string" ? [e] : Object.values(e)))];
    const published = (target: string) => {
      const file = target.replace(/^\.\//, "");
      return file === "package.json" || pkg.files.some((f) => (f.endsWith("/") ? file.startsWith(f) : file === f));
    };
    expect(targets.filter((t) => !published(t))).toEqual([]);
    expect(pkg.exports["."]).toMatchObject({ browser: "./build/lib/browser.js", default: "./build/lib/index.js" });
    // A clone builds both after `npm ci`; the package itself ships no scripts (scripts/build-package.mjs).
    expect(pkg.scripts.prepare).toContain("scripts/build-lib.mjs");
  });

  it("ships a manifest with no scripts, none of which could run from the files it ships, and names no made-up repository", () => {
    const shipped = shippedManifest(pkg);
    expect(shipped.scripts).toBeUndefined();
    expect(shipped.devDependencies).toBeUndefined();
    // Where the project lives is the pack's to find (--repository, PARLEY_REPOSITORY, a public origin), not a placeholder here.
    expect((pkg as { repository?: unknown }).repository).toBeUndefined();
    expect(Object.keys(shipped)).toEqual(expect.arrayContaining(["name", "version", "exports", "bin", "files", "engines", "dependencies"]));
    // A publish from the root would ship the development manifest: it refuses, naming the staged one.
    expect(pkg.scripts.prepublishOnly).toContain("npm publish build/package");
  });

  it("gives the types of parley-a2a/a2a-js to TypeScript's classic node resolution too (typesVersions, as @a2a-js/sdk does)", () => {
    expect(pkg.typesVersions).toEqual({ "*": { "a2a-js": [pkg.exports["./a2a-js"].types] } });
  });

  it("asks for the Node the README names, and the README says which Node CI runs", () => {
    const readme = read("README.md");
    const min = /^>=(\d+\.\d+)\.0$/.exec(pkg.engines.node)?.[1];
    expect(readme).toContain(`Node.js ${min} or later`);
    expect(readme).toMatch(/CI runs Node \d+/);
  });

  it("names in the README every installed dev dependency whose declared Node range leaves out the minimum (npm ci warns about each)", () => {
    const min = /^>=(\d+\.\d+\.\d+)$/.exec(pkg.engines.node)![1]!;
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { engines?: { node?: string } }> };
    const refusing = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== "" && typeof entry.engines?.node === "string" && !admitsVersion(entry.engines.node, min))
      .map(([where]) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
    const readme = read("README.md");
    expect(refusing.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});

describe("the published profile JSON Schema", () => {
  const schema = clientProfileJsonSchema();

  it("is in step with the zod schema the engine parses profiles with (npm run build:schema rewrites it)", () => {
    expect(JSON.parse(read("schema/client-profile.schema.json"))).toEqual(schema);
  });

  it("describes every field, for editors' hover text", () => {
    const paths = propertyPaths(schema);
    expect(paths.filter((p) => !FIELD_DESCRIPTIONS[p])).toEqual([]);
    expect(Object.keys(FIELD_DESCRIPTIONS).filter((p) => !paths.includes(p))).toEqual([]);
  });

  it("names itself by an $id that resolves to the file itself, not to a URL where nothing is published", () => {
    expect(schema.$id).toBe(path.basename("schema/client-profile.schema.json"));
  });

  it("refuses a key the engine refuses, and completes $schema", () => {
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(["name"]);
    expect(propertyPaths(schema)).toContain("$schema");
  });
});

describe("docs/profile.md", () => {
  const doc = read("docs/profile.md");
  const rowOf = (field: string) => doc.split("\n").find((line) => line.startsWith(`| \`${field}\` |`));

  it.each(propertyPaths(clientProfileJsonSchema()))("has a row for %s", (field) => {
    expect(rowOf(field)).toBeDefined();
  });

  it.each(INVARIANTS.flatMap((i) => i.meta.profileFields.map((pointer) => [pointer.slice(1).replace(/\//g, "."), i.meta.id] as const)))(
    "the row for %s names %s, which reads it",
    (field, invariant) => {
      expect(rowOf(field)).toContain(`\`${invariant}\``);
    },
  );
});

/**
 * Whether a package's `engines.node` admits `version`, for the range forms the lockfile holds
 * ("a || b", ">=x.y.z", "^x", "x", "x.y.z"); a form it does not know counts as admitting.
 */
function admitsVersion(range: string, version: string): boolean {
  const v = version.split(".").map(Number) as [number, number, number];
  const cmp = (a: number[]) => v[0] - (a[0] ?? 0) || v[1] - (a[1] ?? 0) || v[2] - (a[2] ?? 0);
  return range.split("||").some((part) => {
    // "10.x" and "10.*" read as "10".
    const p = part.trim().replace(/(?:\.[x*])+$/, "").replace(/\s+/g, " ").replace(/^>= /, ">=");
    let m = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(p);
    if (m) return cmp([Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)]) >= 0;
    m = /^\^?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(p);
    if (m) return v[0] === Number(m[1]) && cmp([Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)]) >= 0;
    return !/^[<>=^~\d]/.test(p) || p === "*";
  });
}
