import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { deflateSync } from "fflate";
import LZString from "lz-string";
import { type ClientProfile, EMPTY_CONTEXT, ENGINE_VERSION, NORTHWIND, review } from "../../lib/negotiation";
import { CARDS_DIR } from "../../fixtures/corpus";
import { decodeReviewLink, encodeReviewLink, type DecisionMap, type SnapshotLinkState } from "../../lib/share";
import { type BenchResult, type BenchSection, formatResult, median } from "../harness";

/**
 * The snapshot-link targets, measured over every real card in fixtures/cards:
 * the link is never longer than lz-string's compressToEncodedURIComponent of the same state, and
 * the median link is at most 45 % of that state's raw JSON.
 *
 * "The state" is what the workspace encodes: the card text, the Northwind preset, an empty
 * context, the engine version and the decisions review() gives. Raw JSON and lz-string both see
 * JSON.stringify(state), so all three columns carry exactly the same information.
 */
export const MAX_MEDIAN_RATIO = 0.45;

/** A profile that is not a preset, to show the dictionary is not only paying off for presets. */
const CUSTOM_PROFILE: ClientProfile = {
  name: "Acme support bot",
  description: "Answers tickets; text only, polls for long tasks.",
  transports: ["HTTP+JSON", "JSONRPC"],
  streaming: false,
  inputModes: ["text/plain", "application/json"],
  acceptedOutputModes: ["text/plain", "text/markdown"],
  callback: { supported: false },
  canPoll: true,
};

export interface ShareBenchRow {
  card: string;
  cardBytes: number;
  /** JSON.stringify(state).length: what an uncompressed link would carry. */
  rawJson: number;
  /** Length of the v1 fragment (prefix included). */
  link: number;
  lzString: number;
  /** deflate-raw + base64url of JSON.stringify(state), no dictionary: the naive baseline. */
  plainDeflate: number;
  /** Link length with a non-preset profile (its raw JSON is customRawJson). */
  customLink: number;
  customRawJson: number;
}

export interface ShareBenchResult {
  rows: ShareBenchRow[];
  medianRatio: number;
  medianTarget: number;
  medianPass: boolean;
  /** Cards whose link is longer than lz-string's (empty when the target is met). */
  longerThanLzString: string[];
  neverLongerPass: boolean;
  /** Informational: the same medians for the naive baseline and for a non-preset profile. */
  plainDeflateMedianRatio: number;
  customProfileMedianRatio: number;
  pass: boolean;
  /** The same measurements as bench harness lines (PASS/FAIL against the targets). */
  results: BenchResult[];
}

export function runShareBench(options: { log?: (line: string) => void; cardsDir?: string } = {}): ShareBenchResult {
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = options.cardsDir ?? CARDS_DIR;
  const names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  if (names.length === 0) throw new Error(`share bench: no cards in ${dir}`);

  const rows = names.map((card) => measureCard(card, readFileSync(`${dir}/${card}`, "utf8")));

  log(`${"card".padEnd(56)} ${"card B".padStart(7)} ${"raw".padStart(6)} ${"link".padStart(6)} ${"lz".padStart(6)} ${"link/raw".padStart(8)} ${"link/lz".padStart(7)}`);
  for (const r of rows) {
    const flag = r.link > r.lzString ? "  LONGER THAN LZ-STRING" : "";
    log(
      `${r.card.padEnd(56)} ${pad(r.cardBytes, 7)} ${pad(r.rawJson, 6)} ${pad(r.link, 6)} ${pad(r.lzString, 6)} ${percent(r.link / r.rawJson).padStart(8)} ${percent(r.link / r.lzString).padStart(7)}${flag}`,
    );
  }

  const medianRatio = median(rows.map((r) => r.link / r.rawJson));
  const longerThanLzString = rows.filter((r) => r.link > r.lzString).map((r) => r.card);
  const plainDeflateMedianRatio = median(rows.map((r) => r.plainDeflate / r.rawJson));
  const customProfileMedianRatio = median(rows.map((r) => r.customLink / r.customRawJson));
  const medianPass = medianRatio <= MAX_MEDIAN_RATIO;
  const neverLongerPass = longerThanLzString.length === 0;

  log("");
  // The PASS/FAIL lines are the results below, printed by whoever runs them (run.ts, or main here).
  log(`      for comparison: lz-string median ${percent(median(rows.map((r) => r.lzString / r.rawJson)))}, plain deflate-raw (no dictionary) ${percent(plainDeflateMedianRatio)}, v1 with a non-preset profile ${percent(customProfileMedianRatio)}`);

  const results: BenchResult[] = [
    {
      name: `share links: cards longer than lz-string (of ${rows.length})`,
      value: longerThanLzString.length,
      unit: "cards",
      target: { op: "<=", value: 0 },
      pass: neverLongerPass,
      ...(neverLongerPass ? {} : { detail: longerThanLzString.join(", ") }),
    },
    {
      name: "share links: median link length / raw state JSON",
      value: medianRatio * 100,
      unit: "%",
      target: { op: "<=", value: MAX_MEDIAN_RATIO * 100 },
      pass: medianPass,
    },
  ];
  return {
    rows,
    medianRatio,
    medianTarget: MAX_MEDIAN_RATIO,
    medianPass,
    longerThanLzString,
    neverLongerPass,
    plainDeflateMedianRatio,
    customProfileMedianRatio,
    pass: medianPass && neverLongerPass,
    results,
  };
}

/** For bench/sections.ts: the share-link lengths as a section of `npm run bench`. */
export const shareLinksSection: BenchSection = {
  id: "share",
  title: "Review link length (lib/share, every corpus card)",
  run: async (log) => runShareBench({ log }).results,
};

function measureCard(card: string, cardText: string): ShareBenchRow {
  const state = stateFor(cardText, NORTHWIND);
  const custom = stateFor(cardText, CUSTOM_PROFILE);
  const link = encodeReviewLink(state);
  // A bench that measured a link which does not open would be measuring nothing.
  const back = decodeReviewLink(link);
  if (!back.ok || back.link.kind !== "snapshot" || back.link.state.cardText !== cardText) {
    throw new Error(`share bench: ${card} does not round-trip`);
  }
  const json = JSON.stringify(state);
  return {
    card,
    cardBytes: new TextEncoder().encode(cardText).length,
    rawJson: json.length,
    link: link.length,
    lzString: LZString.compressToEncodedURIComponent(json).length,
    plainDeflate: base64UrlLength(deflateSync(new TextEncoder().encode(json), { level: 9 }).length),
    customLink: encodeReviewLink(custom).length,
    customRawJson: JSON.stringify(custom).length,
  };
}

function stateFor(cardText: string, profile: ClientProfile): SnapshotLinkState {
  const decisions: DecisionMap = {};
  for (const d of review(cardText, profile, { context: EMPTY_CONTEXT }).decisions) decisions[d.taskClass] = d.decision;
  return { cardText, profile, context: EMPTY_CONTEXT, engineVersion: ENGINE_VERSION, decisions };
}

function base64UrlLength(bytes: number): number {
  return Math.ceil((bytes * 4) / 3);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width);
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)} %`;
}

// `npx tsx bench/share/index.ts`: run alone, exit 1 when a target is missed.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = runShareBench();
  for (const r of result.results) console.log(formatResult(r));
  process.exitCode = result.pass ? 0 : 1;
}
