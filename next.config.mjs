import { fileURLToPath } from "node:url";
// Headers every response carries (static files get no CSP: a worker script's own policy would bind the worker).
import { COMMON_HEADERS } from "./lib/server/common-headers.mjs";

/** Lazy chunk groups a first visit loads at once: the workspace (components/review/workspace-entry.tsx). */
const EAGER_CHUNK_GROUPS = ["workspace"];

/**
 * Marks the scripts a first visit runs (the initial chunks: React, Next's router, each page's own
 * code) for eager compilation with V8's compile hint (Chrome 136+; other engines skip a comment).
 * V8 otherwise compiles each function on the main thread the first time it is called, and nearly
 * all of these are called while the page starts, in the one task that starts React: at 4× CPU
 * slowdown that task was 500 to 800 ms on the workspace, much of it compiling. With the hint V8
 * compiles them on a background thread while each script downloads, and what is left on the main
 * thread runs in that script's own task. Lazy chunks stay lazily compiled (most of their functions
 * may never run), except those in EAGER_CHUNK_GROUPS. docs/benchmarks.md has the measurements.
 */
class EagerCompileHint {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("EagerCompileHint", (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which drops comments), before the content hashes are computed.
        { name: "EagerCompileHint", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const eager = new Set();
          for (const chunk of compilation.chunks) if (chunk.canBeInitial()) eager.add(chunk);
          for (const name of EAGER_CHUNK_GROUPS) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) compilation.warnings.push(new compiler.webpack.WebpackError(`EagerCompileHint: no chunk group "${name}" (renamed?)`));
            for (const chunk of group?.chunks ?? []) eager.add(chunk);
          }
          for (const chunk of eager) {
            for (const file of chunk.files) {
              if (file.endsWith(".js")) {
                compilation.updateAsset(file, (source) => new sources.ConcatSource("//# allFunctionsCalledOnLoad\n", source));
              }
            }
          }
        },
      );
    });
  }
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // `npm run build` makes .next/standalone: a server started with `node server.js` and nothing else
  // installed (scripts/copy-standalone-assets.mjs puts the static files beside it).
  output: "standalone",
  // Trace from this folder, not from whatever lockfile sits above it, so server.js lands at the
  // standalone folder's root.
  outputFileTracingRoot: fileURLToPath(new URL(".", import.meta.url)),
  poweredByHeader: false,
  // Next's own trailing-slash redirect (308) is made before headers() apply, so it went out with no
  // security header; proxy.ts makes it instead, with them all.
  skipTrailingSlashRedirect: true,
  // The registry's database drivers load files beside their own modules (PGlite's WASM build and
  // data): left as packages, not bundled, they are traced into the standalone folder as they are.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  webpack(config, { isServer, dev }) {
    if (!isServer && !dev) config.plugins.push(new EagerCompileHint());
    return config;
  },
  async headers() {
    return [
      { source: "/:path*", headers: COMMON_HEADERS },
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" }],
      },
    ];
  },
};

export default nextConfig;
