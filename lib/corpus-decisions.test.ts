import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { corpusCardNames, corpusCardSource, readCorpusCard } from "@/fixtures/corpus";
import { renderCorpusDecisions } from "./corpus-decisions";

const committed = readFileSync(path.resolve(__dirname, "../docs/corpus-decisions.md"), "utf8");

describe("docs/corpus-decisions.md", () => {
  it("is what the engine decides today on every fixture card × every preset (run npm run corpus and read the diff)", () => {
    const fresh = renderCorpusDecisions(corpusCardNames().map((file) => ({ file, text: readCorpusCard(file), source: corpusCardSource(file) })));
    expect(fresh === committed, "docs/corpus-decisions.md is stale: run `npm run corpus`").toBe(true);
  });

  it("covers every fixture card", () => {
    for (const file of corpusCardNames()) expect(committed).toContain(`## ${file}`);
  });
});
