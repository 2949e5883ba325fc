import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchResult, BenchSection } from "../harness";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The workspace's budgets (JS shipped, first-load blocking time on a slowed CPU, keystroke →
 * painted matrix on a 200- and a 2,000-skill card), measured by
 * bench/web in Chromium against a production build. Skipped, with the reason, when there is no
 * build to measure: `npm run build` first, or point PARLEY_WEB_URL at a running server.
 */
export const webBudgets: BenchSection = {
  id: "web",
  title: "Web workspace budgets (production build, Chromium)",
  skipReason: () => {
    if (!process.env.PARLEY_WEB_URL && !existsSync(path.join(ROOT, ".next", "standalone", "server.js"))) {
      return "no production build: run `npm run build` first (or set PARLEY_WEB_URL to a running server)";
    }
    // The same default as bench/web's chromiumPath (not imported: that module pulls in Playwright).
    const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
    return existsSync(chromium) ? undefined : `no Chromium at ${chromium}: install Debian's chromium or set CHROMIUM_PATH`;
  },
  run: async (log) => {
    // Imported on demand: it pulls in Playwright, which the other sections do not need.
    const { runWebBudgets } = await import("../web/index");
    // bench/web prints its own PASS/FAIL lines; run.ts prints the results, so keep only progress lines.
    const results = await runWebBudgets({ log: (line) => (/^(PASS|FAIL)\b/.test(line) ? undefined : log(line)) });
    return results.map(
      (r): BenchResult => ({ name: r.name, value: r.value, unit: r.unit, target: { op: r.op, value: r.target }, pass: r.pass, detail: r.detail }),
    );
  },
};
