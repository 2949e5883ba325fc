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

describe("docs/corpus-decisions.md: the client's own limits", () => {
  const rows = (preset: string) => committed.split("\n").filter((line) => line.startsWith(`| \`${preset}\` |`));
  const column = (line: string, index: number) => line.split("|").map((c) => c.trim())[index + 2];
  const LIVE = 1;
  const STREAM = 4;

  it("an SDK preset's live input is not a rejection of the card, on any valid card", () => {
    for (const preset of ["a2a-js", "a2a-python"]) {
      for (const line of rows(preset)) {
        const live = column(line, LIVE)!;
        if (live.includes("invalid card")) continue;
        expect(live, `${preset}: ${line}`).toMatch(/^not for this client \(input-modes\)$/);
      }
    }
  });

  it("text-only's streaming output on a streaming card is not for it either", () => {
    const stream = rows("text-only").map((line) => column(line, STREAM)!);
    expect(stream.filter((c) => c.startsWith("**reject**")).every((c) => c.includes("invalid card"))).toBe(true);
    expect(stream.some((c) => c === "not for this client (stream-channel-available)")).toBe(true);
  });
});
