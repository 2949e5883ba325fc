import { fileURLToPath } from "node:url";

/**
 * Headers every response carries, pages, routes and static files alike. The Content-Security-Policy
 * of pages is per request (it holds a nonce) and is set in proxy.ts; API routes get a fixed one
 * that allows nothing (JSON is never a document that runs anything). Static files get none: a
 * worker script's own response policy would bind the worker.
 */
const COMMON_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Review links carry the whole review in the fragment; no request should name the page it came from.
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value:
      "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()",
  },
];

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
