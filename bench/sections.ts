import { batchThroughput } from "./cases/batch-throughput";
import { guardOverhead } from "./cases/guard-overhead";
import { libraryEntry } from "./cases/library-entry";
import { registryDatabases } from "./cases/registry-databases";
import { reviewThroughput } from "./cases/review-throughput";
import { seedCheckThroughput } from "./cases/seed-check-throughput";
import { webBudgets } from "./cases/web-budgets";
import { shareLinksSection } from "./share";
import type { BenchSection } from "./harness";

/**
 * Every section `npm run bench` knows, in the order they run. To add one, export a BenchSection
 * (from bench/cases/<id>.ts, or a folder of its own like bench/share and bench/web) and list it here.
 */
export const SECTIONS: BenchSection[] = [reviewThroughput, libraryEntry, batchThroughput, seedCheckThroughput, shareLinksSection, guardOverhead, webBudgets, registryDatabases];
