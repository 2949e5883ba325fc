// Packs the `parley-a2a` package: `npm run -s pack` writes parley-a2a-<version>.tgz here.
// The repository's own package.json is a development manifest: its scripts (dev, test, the
// `prepare` that builds the CLI after `npm ci` in a clone) point at files the package does not
// ship, and npm warns about install scripts on every install of a package that has them. So the
// package is staged in build/package with a manifest written for it (shippedManifest: the
// published fields, no scripts, no devDependencies) and packed from there.
// Where the project lives publicly is not written in package.json (a clone may be anyone's): the
// `repository` comes from `--repository URL`, else PARLEY_REPOSITORY, else `git remote get-url
// origin` when that is a public GitHub or GitLab URL. Without one, a registry page could not
// resolve the README's relative links, so the staged README's links to docs/ point at a package
// CDN for this exact version and those docs are shipped; other relative links become plain text.
// Publishing is `npm publish build/package` after this script; the root's prepublishOnly refuses
// a publish from the root, which would ship the development manifest.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** The env variable naming the repository when no --repository is given. */
export const REPOSITORY_ENV = "PARLEY_REPOSITORY";
/** Hosts whose remote URL is taken as the public repository without being asked. */
const PUBLIC_HOSTS = ["github.com", "gitlab.com"];

/**
 * A repository URL as package.json's `repository` ({type: "git", url: "git+https://…"}), from an
 * https, git+https, ssh:// or scp-like (git@host:owner/repo) URL; credentials in it are dropped.
 * `publicOnly`: only GitHub and GitLab (what a clone's remote is trusted to be); undefined when
 * the URL is not one. Without it, any https host; a value that is no such URL throws.
 */
export function repositoryField(value, { publicOnly = false } = {}) {
  const text = String(value).trim();
  let host;
  let repoPath;
  const scp = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)([^\s]+)$/.exec(text);
  if (/^(?:git\+)?(?:https|ssh):\/\//i.test(text)) {
    let url;
    try {
      url = new URL(text.replace(/^git\+/i, ""));
    } catch {
      url = undefined;
    }
    if (url) {
      host = url.hostname.toLowerCase();
      repoPath = url.pathname;
    }
  } else if (scp && !/^[a-z]:$/i.test(`${scp[1]}:`)) {
    host = scp[1].toLowerCase();
    repoPath = scp[2];
  }
  repoPath = repoPath?.replace(/^\/+|\/+$/g, "").replace(/\.git$/i, "");
  const ok = host !== undefined && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(host) && repoPath !== undefined && /^[\w.-]+(\/[\w.-]+)+$/.test(repoPath);
  if (!ok || (publicOnly && !PUBLIC_HOSTS.includes(host))) {
    if (publicOnly) return undefined;
    throw new Error(`${JSON.stringify(text)} is not a repository URL (https://github.com/OWNER/REPO, git@gitlab.com:GROUP/REPO.git, …).`);
  }
  return { type: "git", url: `git+https://${host}/${repoPath}.git` };
}

/** `git remote get-url origin` in `cwd`, or undefined (no git, no remote). */
export function gitOrigin(cwd = ROOT) {
  try {
    return execFileSync("git", ["remote", "get-url", "origin"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The package's `repository` and where it came from: the flag, the env, the clone's public
 * remote, else undefined (the field is left out).
 */
export function resolveRepository({ flag, env = process.env, origin = () => gitOrigin() } = {}) {
  if (flag !== undefined) return { field: repositoryField(flag), from: "--repository" };
  if (env[REPOSITORY_ENV]) return { field: repositoryField(env[REPOSITORY_ENV]), from: REPOSITORY_ENV };
  const remote = origin();
  const field = remote === undefined ? undefined : repositoryField(remote, { publicOnly: true });
  return field ? { field, from: "git remote origin" } : undefined;
}

/** A package CDN serving the files of one published version. */
export const cdnBase = (name, version) => `https://unpkg.com/${name}@${version}/`;

/**
 * The README for a package with no repository: a relative link to a Markdown file under docs/ (the
 * `exists` ones) points at the CDN for this version, and that file is shipped; an image at a
 * relative path is left out (screenshots would weigh more than the package), any other relative
 * link becomes its text. Resolves to the new text and the docs to ship.
 */
export function readmeWithoutRepository(text, { name, version, exists }) {
  const base = cdnBase(name, version);
  const ship = [];
  const relative = (target) => !/^(?:[a-z][a-z0-9+.-]*:|#|\/)/i.test(target);
  const out = text
    .replace(/^[ \t]*<img\b[^>]*\bsrc="([^"]+)"[^>]*>[ \t]*\n?/gim, (all, src) => (relative(src) ? "" : all))
    .replace(/^[ \t]*!\[[^\]]*\]\(([^)\s]+)\)[ \t]*\n?/gm, (all, src) => (relative(src) ? "" : all))
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (all, alt, src) => (relative(src) ? alt : all))
    .replace(/\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^)\s]+)\)/g, (all, label, target) => {
      if (!relative(target)) return all;
      const [file, anchor = ""] = target.split(/(?=#)/);
      const normal = path.posix.normalize(file);
      if (/^docs\/[\w.-]+\.md$/.test(normal) && exists(normal)) {
        if (!ship.includes(normal)) ship.push(normal);
        return `[${label}](${base}${normal}${anchor})`;
      }
      return label;
    });
  return { text: out, ship };
}

/**
 * The docs `start` names and every doc under docs/ they link to in turn (relative links between
 * them resolve on the CDN as they do in the clone): the Markdown files the package ships.
 */
export function linkedDocs(start, read) {
  const out = [...start];
  for (let i = 0; i < out.length; i++) {
    const text = read(out[i]);
    if (text === undefined) continue;
    for (const m of text.matchAll(/\]\(([^)\s#]+\.md)(?:#[^)\s]*)?\)/g)) {
      if (/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(m[1])) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(out[i]), m[1]));
      if (/^docs\/[\w.-]+\.md$/.test(target) && !out.includes(target) && read(target) !== undefined) out.push(target);
    }
  }
  return out;
}

/** `[destination] [--repository URL]`, as `npm run -s pack -- …` passes them. */
export function parsePackArgs(argv) {
  let destination;
  let repository;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--repository" || arg.startsWith("--repository=")) {
      if (repository !== undefined) throw new Error("--repository is given twice; give it once.");
      repository = arg === "--repository" ? argv[++i] : arg.slice("--repository=".length);
      if (!repository) throw new Error("--repository needs a URL (https://github.com/OWNER/REPO).");
    } else if (arg.startsWith("-")) throw new Error(`unknown flag ${arg}; the pack takes [DESTINATION] [--repository URL].`);
    else if (destination === undefined) destination = arg;
    else throw new Error(`one destination folder, not ${destination} and ${arg}.`);
  }
  return { destination, repository };
}

/** Builds the library and the CLI, stages them with the shipped manifest, packs; resolves to the tarball's path. */
export async function buildPackage(destination = ROOT, { repository, env = process.env, origin } = {}) {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const resolved = resolveRepository({ flag: repository, env, ...(origin ? { origin } : {}) });
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
  const manifest = shippedManifest(pkg);
  delete manifest.repository;
  if (resolved) manifest.repository = resolved.field;
  else {
    const readme = readmeWithoutRepository(readFileSync(path.join(ROOT, "README.md"), "utf8"), {
      name: pkg.name,
      version: pkg.version,
      exists: (file) => existsSync(path.join(ROOT, file)),
    });
    writeFileSync(path.join(STAGE_DIR, "README.md"), readme.text);
    const docs = linkedDocs(readme.ship, (file) => (existsSync(path.join(ROOT, file)) ? readFileSync(path.join(ROOT, file), "utf8") : undefined));
    for (const doc of docs) {
      mkdirSync(path.dirname(path.join(STAGE_DIR, doc)), { recursive: true });
      cpSync(path.join(ROOT, doc), path.join(STAGE_DIR, doc));
    }
    manifest.files = [...manifest.files, ...docs];
  }
  writeFileSync(path.join(STAGE_DIR, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  const out = execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", path.resolve(destination), STAGE_DIR], {
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const [packed] = JSON.parse(out);
  return { tarball: path.join(path.resolve(destination), packed.filename), packed, repository: resolved };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let args;
  let built;
  try {
    args = parsePackArgs(process.argv.slice(2));
    built = await buildPackage(args.destination ?? ROOT, { repository: args.repository });
  } catch (e) {
    if (!(e instanceof Error) || !/repository|destination|flag/.test(e.message)) throw e;
    console.error(`pack: ${e.message}`);
    process.exit(2);
  }
  const { tarball, repository } = built;
  // Said on stderr: stdout is the tarball's path alone, for scripts.
  console.error(
    repository
      ? `pack: repository ${repository.field.url} (from ${repository.from})`
      : `pack: no repository (no --repository, no ${REPOSITORY_ENV}, no public GitHub or GitLab origin): the README's links to docs/ point at ${cdnBase("parley-a2a", "VERSION").replace("VERSION", JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).version)} and those docs are shipped`,
  );
  console.log(path.relative(process.cwd(), tarball) || tarball);
}
