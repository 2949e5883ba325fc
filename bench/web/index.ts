import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";
import { chromium } from "playwright-core";
import { measureKeystrokeLatency, measureShippedJs } from "./measure";
import { startProductionServer } from "./server";
import { measureTriageRun } from "./triage";

/** The issue 3 budgets for the workspace route. */
export const WEB_BUDGETS = { shippedJsGzipKB: 300, keystrokeMedianMs: 50 } as const;

export interface WebBudgetResult {
  name: string;
  value: number;
  unit: string;
  target: number;
  pass: boolean;
  detail?: string;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Measures the budgets from a production build in Chromium. Uses PARLEY_WEB_URL when a server is
 * already running, otherwise starts `next start` itself on PARLEY_BENCH_PORT (default 3210).
 */
export async function runWebBudgets(options: { log?: (line: string) => void } = {}): Promise<WebBudgetResult[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const external = process.env.PARLEY_WEB_URL;
  const server = external
    ? { url: external, stop: async () => {} }
    : await startProductionServer(ROOT, Number(process.env.PARLEY_BENCH_PORT ?? 3210));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const js = await measureShippedJs(page, server.url + "/");
    const latency = await measureKeystrokeLatency(page, 20);
    const results: WebBudgetResult[] = [
      {
        name: "workspace JS shipped (gzipped)",
        value: Math.round((js.bytes / 1024) * 10) / 10,
        unit: "KB",
        target: WEB_BUDGETS.shippedJsGzipKB,
        pass: js.bytes / 1024 <= WEB_BUDGETS.shippedJsGzipKB,
        detail: `${js.files} scripts`,
      },
      {
        name: "keystroke → matrix updated, 200-skill card (median)",
        value: Math.round(latency.median * 10) / 10,
        unit: "ms",
        target: WEB_BUDGETS.keystrokeMedianMs,
        pass: latency.median <= WEB_BUDGETS.keystrokeMedianMs,
        detail: `${latency.samples.length} keystrokes, max ${latency.max.toFixed(1)} ms`,
      },
    ];
    results.push(...(await measureTriageRun(browser, server.url, log)));
    for (const r of results) {
      log(`${r.pass ? "PASS" : "FAIL"}  ${r.name}: ${r.value} ${r.unit} (target ≤ ${r.target} ${r.unit}; ${r.detail})`);
    }
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runWebBudgets().then(
    (results) => process.exit(results.every((r) => r.pass) ? 0 : 1),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
