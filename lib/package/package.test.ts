import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientProfileJsonSchema, FIELD_DESCRIPTIONS, propertyPaths } from "../../schema/client-profile";
import { ENGINE_VERSION, INVARIANTS } from "../negotiation";
import pkg from "../../package.json";

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
    expect(pkg.scripts.prepare).toContain("scripts/build-lib.mjs");
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
