// Merges the SARIF logs the GitHub Action writes (one `parley check` per card, a run per profile) into one
// log with one run: code scanning takes one run per tool and category, and a run per card × profile would
// be refused or would hide all but one. Rules are unioned by id (every run lists the invariants;
// validity rules differ by card), artifacts unioned, and each result's ruleIndex and artifact
// index renumbered into the merged lists.
// Usage: node scripts/merge-sarif.mjs OUT.sarif IN.sarif…
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function mergeSarif(logs) {
  if (logs.length === 0) throw new Error("no SARIF log to merge");
  const first = logs[0].runs[0];
  const rules = [];
  const artifacts = [];
  const results = [];
  for (const log of logs) {
    for (const run of log.runs) {
      const ruleMap = (run.tool.driver.rules ?? []).map((rule) => {
        let at = rules.findIndex((r) => r.id === rule.id);
        if (at === -1) at = rules.push(rule) - 1;
        return at;
      });
      // The same card reviewed for several profiles is one artifact (SARIF wants them unique).
      const artifactMap = (run.artifacts ?? []).map((artifact) => {
        const key = JSON.stringify(artifact);
        let at = artifacts.findIndex((a) => JSON.stringify(a) === key);
        if (at === -1) at = artifacts.push(artifact) - 1;
        return at;
      });
      for (const result of run.results ?? []) {
        const locations = (result.locations ?? []).map((l) => {
          const artifact = l.physicalLocation?.artifactLocation;
          if (artifact?.index === undefined) return l;
          return { ...l, physicalLocation: { ...l.physicalLocation, artifactLocation: { ...artifact, index: artifactMap[artifact.index] } } };
        });
        results.push({ ...result, ...(result.ruleIndex !== undefined && result.ruleIndex >= 0 ? { ruleIndex: ruleMap[result.ruleIndex] } : {}), locations });
      }
    }
  }
  // A several-profile check names each run's profile in its properties; the merged run is every profile's,
  // so it keeps none of them (each result's message still starts with its profile's name).
  const properties = Object.fromEntries(Object.entries(first.properties ?? {}).filter(([key]) => key !== "profile" && key !== "profileIndex"));
  const merged = { ...first, tool: { driver: { ...first.tool.driver, rules } }, artifacts, results };
  delete merged.properties;
  if (Object.keys(properties).length > 0) merged.properties = properties;
  return { ...logs[0], runs: [merged] };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [out, ...inputs] = process.argv.slice(2);
  if (!out || inputs.length === 0) {
    console.error("usage: node scripts/merge-sarif.mjs OUT.sarif IN.sarif…");
    process.exit(2);
  }
  const merged = mergeSarif(inputs.map((file) => JSON.parse(readFileSync(file, "utf8"))));
  writeFileSync(out, JSON.stringify(merged, null, 2) + "\n");
}
