/**
 * Headers every response carries, pages, routes, static files and redirects alike. Plain JavaScript
 * so next.config.mjs (every response) and proxy.ts (the trailing-slash redirect it makes itself)
 * read the one list. The Content-Security-Policy is not here: pages get one per request (a nonce,
 * proxy.ts), API routes a fixed one that allows nothing (next.config.mjs).
 */
export const COMMON_HEADERS = [
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
