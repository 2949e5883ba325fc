// Packs the `parley-a2a` package: `npm run -s pack` writes parley-a2a-<version>.tgz here.
// The repository's own package.json is a development manifest: its scripts (dev, test, the
// `prepare` that builds the CLI after `npm ci` in a clone) point at files the package does not
// ship, and npm warns about install scripts on every install of a package that has them. So the
// package is staged in build/package with a manifest written for it (shippedManifest: the
// published fields, a `repository`, no scripts, no devDependencies) and packed from there.
// Publishing is `npm publish build/package` after this script; the root's prepublishOnly refuses
// a publish from the root, which would ship the development manifest.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildCli } from "./build-cli.mjs";
import { buildLib } from "./build-lib.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const STAGE_DIR = path.join(ROOT, "build/package");

/** The fields of package.json a published package carries; everything else stays in the clone. */
const SHIPPED_FIELDS = [
  "name",
  "version",
  "description",
  "license",
  "keywords",
  "repository",
  "homepage",
  "bugs",
  "type",
  "engines",
  "exports",
  "typesVersions",
  "main",
  "types",
  "bin",
  "files",
  "dependencies",
  "peerDependencies",
  "peerDependenciesMeta",
];

/** The manifest the package ships, from the development one: no scripts, no devDependencies. */
export function shippedManifest(pkg) {
  const out = {};
  for (const field of SHIPPED_FIELDS) if (pkg[field] !== undefined) out[field] = pkg[field];
  return out;
}

/** Builds the library and the CLI, stages them with the shipped manifest, packs; resolves to the tarball's path. */
export async function buildPackage(destination = ROOT) {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  await buildCli();
  await buildLib();
  rmSync(STAGE_DIR, { recursive: true, force: true });
  mkdirSync(STAGE_DIR, { recursive: true });
  for (const entry of [...pkg.files, "README.md", "LICENSE"]) {
    const from = path.join(ROOT, entry);
    const to = path.join(STAGE_DIR, entry);
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(from, to, { recursive: true });
  }
  writeFileSync(path.join(STAGE_DIR, "package.json"), JSON.stringify(shippedManifest(pkg), null, 2) + "\n");
  const out = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", path.resolve(destination), STAGE_DIR], {
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const [packed] = JSON.parse(out);
  return { tarball: path.join(path.resolve(destination), packed.filename), packed };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const destination = process.argv[2] ?? ROOT;
  const { tarball } = await buildPackage(destination);
  console.log(path.relative(process.cwd(), tarball) || tarball);
}
