// Builds the `parley-a2a` library into build/lib (run by `prepare`, next to build-cli.mjs):
// - build/lib/index.js      the core for Node: lib/negotiation/node.ts (compiled validator installed)
// - build/lib/a2a-js.js     the guard for @a2a-js/sdk clients: lib/a2a-js/index.ts
//   (both one esbuild graph with shared chunks, so the guard's errors and the core's are one class)
// - build/lib/browser.js    the core for browsers: lib/negotiation/index.ts (zod/mini only, no generated code)
// - build/lib/types/…       declarations from `tsc --emitDeclarationOnly`, relative imports given
//   their `.js` so a consumer's "moduleResolution": "nodenext" resolves them too.
// zod stays a dependency (the profile and context schemas are zod/mini schemas, and the types name
// it); jose is one too (it verifies card signatures: a security fix in it must reach users without
// a Parley release); @a2a-js/sdk is the guard's optional peer. Everything else is bundled.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const LIB_OUTDIR = path.join(ROOT, "build/lib");
const EXTERNAL = ["zod", "zod/*", "jose", "jose/*", "@a2a-js/sdk", "@a2a-js/sdk/*"];
const DECLARATION_ENTRIES = ["lib/negotiation/node.ts", "lib/negotiation/index.ts", "lib/a2a-js/index.ts"];

export async function buildLib(outdir = LIB_OUTDIR) {
  rmSync(outdir, { recursive: true, force: true });
  const common = { absWorkingDir: ROOT, bundle: true, format: "esm", target: "es2022", external: EXTERNAL, legalComments: "none", logLevel: "warning" };
  await build({
    ...common,
    entryPoints: { index: "lib/negotiation/node.ts", "a2a-js": "lib/a2a-js/index.ts" },
    outdir,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
  });
  await build({ ...common, entryPoints: { browser: "lib/negotiation/index.ts" }, outdir, platform: "browser" });
  buildDeclarations(path.join(outdir, "types"));
  return outdir;
}

function buildDeclarations(outDir) {
  const config = path.join(ROOT, "build/tsconfig.lib.json");
  mkdirSync(path.dirname(config), { recursive: true });
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        lib: ["ES2022", "DOM"],
        types: ["node"],
        strict: true,
        skipLibCheck: true,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: path.join(ROOT, "lib"),
        outDir,
      },
      files: DECLARATION_ENTRIES.map((f) => path.join(ROOT, f)),
    }),
  );
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", config], { stdio: "inherit" });
  rmSync(config);
  for (const file of listFiles(outDir)) if (file.endsWith(".d.ts")) writeFileSync(file, withJsExtensions(file, readFileSync(file, "utf8")));
}

/** `from "./review"` → `from "./review.js"` (or `./card/index.js`), as Node's ESM resolution needs. */
function withJsExtensions(file, text) {
  const fix = (spec) => {
    if (!spec.startsWith(".")) return spec;
    const base = path.resolve(path.dirname(file), spec);
    if (existsSync(base + ".d.ts")) return spec + ".js";
    if (existsSync(path.join(base, "index.d.ts"))) return spec + "/index.js";
    return spec;
  };
  return text
    .replace(/(from\s+["'])(\.[^"']+)(["'])/g, (_m, a, spec, b) => a + fix(spec) + b)
    .replace(/(import\(["'])(\.[^"']+)(["']\))/g, (_m, a, spec, b) => a + fix(spec) + b);
}

function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) listFiles(full, out);
    else out.push(full);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outdir = await buildLib(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`built ${path.relative(ROOT, outdir)}`);
}
