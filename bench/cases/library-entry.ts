import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { corpusCardNames, readCorpusCard } from "../../fixtures/corpus";
import { buildLib } from "../../scripts/build-lib.mjs";
import type * as Front from "../../lib/negotiation";
import { NORTHWIND, review } from "../../lib/negotiation";
import { compiledIssueFinder } from "../../lib/negotiation/card/schemas/compiled";
import { setSchemaIssueFinder } from "../../lib/negotiation/card/validate";
import { type BenchResult, type BenchSection, consume, measurePair, median } from "../harness";

/** Where the bench builds the package (inside the repository, so its `zod` import resolves; /build is ignored by git). */
const OUTDIR = fileURLToPath(new URL("../../build/bench-lib/", import.meta.url));
/** Each corpus card reviewed this many times through each entry before any is measured (as the review section warms up). */
const WARM_UP_ROUNDS = 100;
/**
 * The package's Node entry must run the fast path without being asked: within this much of the
 * sources' review with the generated card validator (zod/mini's own parse, which no entry runs any
 * more, was about 1.5×).
 */
export const MAX_ENTRY_TO_SOURCES = 1.2;

type Entry = Pick<typeof Front, "review" | "NORTHWIND">;

/**
 * `review()` as a library user calls it: `import { review } from "parley-a2a"`, i.e. the package
 * as scripts/build-lib.mjs builds it from the current sources. Node resolves the package to
 * build/lib/index.js (lib/negotiation/node.ts); browsers to build/lib/browser.js. Both validate with
 * the card validator generated ahead of time (card/schemas/generated.ts), nothing to call. Both
 * against JSON.parse of the same card over the corpus, as the review section measures the sources,
 * and the sources beside them in the same run: the target is that the Node entry runs as fast as
 * the sources; the browser entry's figure is printed beside it (what the workspace's engine costs,
 * run here in Node).
 */
export const libraryEntry: BenchSection = {
  id: "library",
  title: "The package's review() as a library imports it (parley-a2a, built by scripts/build-lib.mjs) against JSON.parse of the same card",
  run: async (log) => {
    await buildLib(OUTDIR);
    const load = async (file: string) => (await import(pathToFileURL(join(OUTDIR, file)).href)) as Entry;
    // The sources as the review section runs them (the generated validator, set again in case a caller changed it), for the same run's comparison.
    const previous = setSchemaIssueFinder(compiledIssueFinder);
    try {
      return await measureEntries({ node: await load("index.js"), sources: { review, NORTHWIND }, browser: await load("browser.js") }, log);
    } finally {
      setSchemaIssueFinder(previous);
    }
  },
};

async function measureEntries(entries: Record<"node" | "sources" | "browser", Entry>, log: (line: string) => void): Promise<BenchResult[]> {
    const cards = corpusCardNames().map((name) => readCorpusCard(name));
    for (const entry of Object.values(entries)) {
      for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const text of cards) consume(entry.review(text, entry.NORTHWIND));
    }
    log(`  built into ${OUTDIR}; every corpus card reviewed ${WARM_UP_ROUNDS} times through each entry before measuring`);
    const ratios = (entry: Entry) =>
      cards.map(
        (text) =>
          measurePair(
            () => JSON.parse(text),
            () => entry.review(text, entry.NORTHWIND),
            { samples: 5 },
          ).ratio,
      );
    const node = median(ratios(entries.node));
    const sources = median(ratios(entries.sources));
    const browser = median(ratios(entries.browser));
    const results: BenchResult[] = [
      {
        name: `library review() (package entry for Node, build/lib/index.js) ÷ JSON.parse of the same card, median over ${cards.length} corpus cards (CPU time)`,
        value: node,
        unit: "×",
        detail: `no installCompiledCardSchemas() call: importing the package installs it`,
      },
      {
        name: `library review() (Node entry) ÷ the sources' review() (the review section's measure), same run`,
        value: node / sources,
        unit: "×",
        target: { op: "<=", value: MAX_ENTRY_TO_SOURCES },
        pass: node / sources <= MAX_ENTRY_TO_SOURCES,
        detail: `sources ${sources.toFixed(2)}× JSON.parse in this run, with three copies of the engine warm in one process`,
      },
      {
        name: `library review() (package entry for browsers, build/lib/browser.js, run here in Node) ÷ JSON.parse, median over the corpus (CPU time)`,
        value: browser,
        unit: "×",
        detail: `${(browser / node).toFixed(2)}× the Node entry`,
      },
    ];
    return results;
}
