import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "./fixtures";

/**
 * A suite's figures (cases run, violations found...): attached to the journey's report, and, when
 * `npm run stress` runs the journey (it sets PARLEY_STRESS_FIGURES to a folder), written there as
 * JSON for the stress report to print.
 */
export function recordFigures(suite: string, figures: Record<string, number | string>): void {
  test.info().annotations.push({ type: "figures", description: `${suite}: ${JSON.stringify(figures)}` });
  const folder = process.env.PARLEY_STRESS_FIGURES;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${suite}.json`), JSON.stringify(figures, null, 2));
}
