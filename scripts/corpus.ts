import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { corpusCardNames, corpusCardSource, readCorpusCard } from "../fixtures/corpus";
import { renderCorpusDecisions } from "../lib/corpus-decisions";

/** `npm run corpus`: writes docs/corpus-decisions.md (every fixture card × every preset). */
const target = fileURLToPath(new URL("../docs/corpus-decisions.md", import.meta.url));
writeFileSync(target, renderCorpusDecisions(corpusCardNames().map((file) => ({ file, text: readCorpusCard(file), source: corpusCardSource(file) }))));
console.log(`wrote ${target}`);
