import { describe, expect, it } from "vitest";
import { CONTOSO, CONTOSO_LIVE_AUDIO, CONTOSO_PUSH_MTLS, CONTOSO_RESUBSCRIBE_ONLY } from "../examples/incidents";
import { NORTHWIND } from "../profile";
import { writeDecisionRecord } from "../record";
import { review } from "../review";
import { checkCardNegotiable } from "../seed-compat";
import { MAX_EXCERPT_CHARS, MAX_LOG_INPUT_CHARS, MAX_LOG_LINES, readLogLine, readLogText, type LogEntry } from "./index";

/** The message the seed-compatible check really raises for this input. */
function seedMessage(card: unknown, profile: unknown, taskClass: string): string {
  try {
    checkCardNegotiable(card, profile, taskClass);
  } catch (error) {
    if (error instanceof Error && error.name === "UnnegotiableAgentCardError") return error.message;
    throw error;
  }
  throw new Error("the seed check did not raise");
}

/** The reference crashes on a boolean pushNotifications (a 0.x shape): give it the rule's object. */
function seedCard(text: string): unknown {
  const card = JSON.parse(text) as { capabilities: { pushNotifications: unknown } };
  const push = card.capabilities.pushNotifications;
  if (typeof push === "boolean") card.capabilities.pushNotifications = { supported: push };
  return card;
}

const NW_SEED = { live_only_input_modes: ["audio/pcm"], bufferable_input_modes: [], callback_supports_mtls: false };
const SEED_1 = seedMessage(seedCard(CONTOSO_LIVE_AUDIO.text), NW_SEED, "live-input");
const SEED_2 = seedMessage(seedCard(CONTOSO_PUSH_MTLS.text), NW_SEED, "async-completion");
const SEED_3 = seedMessage(seedCard(CONTOSO_RESUBSCRIBE_ONLY.text), NW_SEED, "async-completion");
const SEED_QUOTE = seedMessage(
  {
    capabilities: { pushNotifications: { supported: true, securityScheme: "it's mtls" } },
    securitySchemes: { "it's mtls": { mtlsSecurityScheme: {} } },
  },
  {},
  "async-completion",
);
const SEED_ESCAPES = seedMessage(
  { capabilities: { streaming: false }, defaultInputModes: ["audio/\tpcm", "vidéo/raw", "x\u200b"] },
  { live_only_input_modes: ["audio/\tpcm", "vidéo/raw", "x\u200b"] },
  "live-input",
);
const SEED_NUMBERS = seedMessage(
  { capabilities: { streaming: false }, defaultInputModes: [2, 1.5, "a"] },
  { live_only_input_modes: [2, 1.5] },
  "live-input",
);

const RECORD_LIVE = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text);
const RECORD_ASYNC = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "async-completion", CONTOSO.text);

function only(text: string): LogEntry {
  const { entries } = readLogText(text);
  expect(entries).toHaveLength(1);
  return entries[0] as LogEntry;
}

describe("decision records", () => {
  it.each([
    ["bare", RECORD_LIVE, ""],
    ["after a timestamp and level", `2026-11-08T10:00:00.123Z WARN parley.discovery ${RECORD_LIVE}`, "2026-11-08T10:00:00.123Z WARN parley.discovery"],
    ["after a syslog prefix, with trailing spaces", `Nov  8 10:00:00 host client[42]: ${RECORD_LIVE}   `, "Nov  8 10:00:00 host client[42]:"],
  ])("reads a record %s", (_name, line, prefix) => {
    const entry = only(line);
    expect(entry.kind).toBe("record");
    if (entry.kind !== "record") return;
    expect(entry.record.decision).toBe("reject");
    expect(entry.record.taskClass).toBe("live-input");
    expect(entry.rules).toEqual([{ id: "live-input-needs-streaming", known: true }]);
    expect(entry.prefix).toBe(prefix);
    expect(entry.reviewLink).toBeUndefined();
  });

  it("reads an accept-degraded record with its degradation", () => {
    const entry = only(RECORD_ASYNC);
    expect(entry.kind === "record" && entry.record.degradations.map((d) => d.lost)).toEqual([["push"]]);
  });

  it("keeps a record's reviewLink field, and flags rule ids this engine does not know", () => {
    const record = JSON.parse(RECORD_LIVE) as Record<string, unknown>;
    const line = JSON.stringify({ ...record, rules: ["live-input-needs-streaming", "future-rule"], reviewLink: "https://parley.example/#v1.abc" });
    const entry = only(line);
    expect(entry.kind).toBe("record");
    expect(entry.reviewLink).toBe("https://parley.example/#v1.abc");
    expect(entry.kind === "record" && entry.rules).toEqual([
      { id: "live-input-needs-streaming", known: true },
      { id: "future-rule", known: false },
    ]);
  });

  it.each([
    ["another format version", RECORD_LIVE.replace('"v":1', '"v":2'), { code: "unsupportedVersion", pointer: "/v" }],
    ["a bad decision", RECORD_LIVE.replace('"decision":"reject"', '"decision":"maybe"'), { code: "invalidField", pointer: "/decision" }],
    ["a truncated line", RECORD_LIVE.slice(0, 200), { code: "notJson", pointer: "" }],
    ["a bad digest", RECORD_LIVE.replace(/sha256:[0-9a-f]+/, "sha256:xyz"), { code: "invalidField", pointer: "/card/digest" }],
  ])("lists a broken record as unreadable: %s", (_name, line, error) => {
    const entry = only(line);
    expect(entry).toMatchObject({ kind: "unreadable", reason: { code: "badRecord", error } });
  });
});

describe("seed-compatible UnnegotiableAgentCardError messages", () => {
  it.each([
    ["invariant 1", SEED_1, { seedInvariant: 1, invariant: "live-input-needs-streaming", taskClass: "live-input", modes: ["audio/pcm"] }],
    ["invariant 2", SEED_2, { seedInvariant: 2, invariant: "push-callback-mtls", taskClass: "async-completion", scheme: "contosoMtls" }],
    ["invariant 3", SEED_3, { seedInvariant: 3, invariant: "resubscribe-only-output", taskClass: "async-completion", modes: ["audio/pcm"] }],
    ["a scheme printed with double quotes", SEED_QUOTE, { seedInvariant: 2, scheme: "it's mtls" }],
    ["escaped and non-ASCII modes", SEED_ESCAPES, { seedInvariant: 1, modes: ["audio/\tpcm", "vidéo/raw", "x\u200b"] }],
    ["numeric modes", SEED_NUMBERS, { seedInvariant: 1, modes: ["1.5", "2"] }],
  ])("reads %s", (_name, message, expected) => {
    expect(only(message)).toMatchObject({ kind: "seed", prefix: "", suffix: "", ...expected });
  });

  it.each([
    ["the exception name", `UnnegotiableAgentCardError: ${SEED_1}`, "UnnegotiableAgentCardError:"],
    ["a traceback's last line", `seed_reference.UnnegotiableAgentCardError: ${SEED_2}`, "seed_reference.UnnegotiableAgentCardError:"],
    ["timestamp, level and logger", `2026-11-08 10:00:00,123 ERROR northwind.discovery - ${SEED_3}`, "2026-11-08 10:00:00,123 ERROR northwind.discovery -"],
    ["a bracketed level", `[ERROR] ${SEED_1}`, "[ERROR]"],
  ])("reads a message after %s", (_name, line, prefix) => {
    expect(only(line)).toMatchObject({ kind: "seed", prefix });
  });

  it("reads a message inside a JSON log object", () => {
    const line = JSON.stringify({ ts: "2026-11-08T10:00:00Z", level: "error", msg: SEED_QUOTE });
    expect(only(line)).toMatchObject({ kind: "seed", seedInvariant: 2, scheme: "it's mtls" });
  });

  it("keeps what follows the message as its suffix", () => {
    expect(only(`${SEED_1} (pid=4242)`)).toMatchObject({ kind: "seed", suffix: "(pid=4242)" });
  });

  it.each([
    ["a task class without quotes", "task_class=live-input: card advertises live-only input modes ['audio/pcm'] but", "taskClass", 11],
    ["an unknown message", "task_class='live-input': card is on fire", "messageText", "task_class='live-input'".length],
    ["an unclosed list", "task_class='live-input': card advertises live-only input modes ['audio/pcm' but capabilities.streaming is False", "listSeparator", "task_class='live-input': card advertises live-only input modes ['audio/pcm'".length],
    ["an unclosed string", "task_class='live-input", "closingQuote", 22],
    ["a changed ending", SEED_1.replace("cannot buffer", "can buffer"), "messageTail", SEED_1.indexOf(" but capabilities")],
    ["a bad escape", "task_class='live-input': output modes ['\\xZZ'] are emitted", "hexEscape", 40],
  ])("lists %s as unreadable, saying where", (_name, line, expected, column) => {
    expect(only(line)).toMatchObject({ kind: "unreadable", reason: { code: "badSeedMessage", miss: { expected, column } } });
  });
});

describe("lines that name a rule", () => {
  it.each([
    ["rejected: rule=push-callback-mtls taskClass=async-completion", ["push-callback-mtls"], "async-completion"],
    ['{"level":"warn","rule":"shared-transport","task_class":"nightly-sync"}', ["shared-transport"], "nightly-sync"],
    ["see https://parley.example/rules/resubscribe-only-output", ["resubscribe-only-output"], undefined],
    ["live-input rejected by live-input-needs-streaming", ["live-input-needs-streaming"], "live-input"],
    ["completion-channel-available and stream-channel-available fired", ["completion-channel-available", "stream-channel-available"], undefined],
  ])("%s", (line, rules, taskClass) => {
    const entry = only(line);
    expect(entry).toMatchObject({ kind: "mention", rules });
    expect(entry.kind === "mention" && entry.taskClass).toBe(taskClass);
  });

  it.each(["live-input-needs-streaming-v2 fired", "xshared-transport", "Shared-Transport"])("does not take %j for a rule id", (line) => {
    expect(only(line)).toMatchObject({ kind: "unreadable", reason: { code: "nothingRecognised" } });
  });

  it("prefers a rule mention over a malformed seed message on the same line", () => {
    expect(only("task_class='live-input': oops (live-input-needs-streaming)")).toMatchObject({ kind: "mention" });
  });

  it("finds a review link in any line", () => {
    expect(only("rule=shared-transport see https://parley.example/#v1.AbC_-9 now").reviewLink).toBe("v1.AbC_-9");
    // A link that carries acknowledged findings is v2: found the same way.
    expect(only("rule=shared-transport see https://parley.example/#v2.XyZ_-1 now").reviewLink).toBe("v2.XyZ_-1");
  });
});

describe("garbage, blank lines and limits", () => {
  it.each(["hello world", "{", "{}", "[1,2,3]", "null", "\u0000\u0001\u0002", "🙂".repeat(10), "task_class"])(
    "lists %j as unreadable",
    (line) => {
      expect(only(line)).toMatchObject({ kind: "unreadable" });
    },
  );

  it("skips blank lines, counts them, and keeps the pasted line numbers (LF, CRLF, CR)", () => {
    const reading = readLogText(`\n${SEED_1}\r\n   \r\ngarbage\rrule shared-transport\n\n`);
    expect(reading.blankLines).toBe(3);
    expect(reading.entries.map((e) => [e.line, e.kind])).toEqual([
      [2, "seed"],
      [4, "unreadable"],
      [5, "mention"],
    ]);
  });

  it("refuses input over the size cap, saying how large it is", () => {
    const reading = readLogText("x".repeat(MAX_LOG_INPUT_CHARS + 1));
    expect(reading.entries).toEqual([]);
    expect(reading.notice).toEqual({ code: "inputTooLarge", length: MAX_LOG_INPUT_CHARS + 1, limit: MAX_LOG_INPUT_CHARS });
  });

  it("reads the first lines up to the cap and counts the rest", () => {
    const reading = readLogText(Array.from({ length: MAX_LOG_LINES + 7 }, (_, i) => `line ${i}`).join("\n"));
    expect(reading.entries).toHaveLength(MAX_LOG_LINES);
    expect(reading.notice).toEqual({ code: "tooManyLines", limit: MAX_LOG_LINES, skipped: 7 });
  });

  it("returns nothing, without throwing, for a non-string", () => {
    expect(readLogText(undefined)).toEqual({ entries: [], blankLines: 0 });
    expect(readLogText(42)).toEqual({ entries: [], blankLines: 0 });
  });

  const big = MAX_LOG_INPUT_CHARS - 100;
  it.each([
    ["repeated markers", "task_class=".repeat(big / 11)],
    ["an endless string", "task_class='" + "a".repeat(big - 20)],
    ["an endless list", "task_class='x': output modes [" + "'a', ".repeat((big - 40) / 5)],
    ["an endless number", "task_class='x': output modes [" + "1".repeat(big - 40)],
    ["braces", "{".repeat(big)],
    ["a rule id prefix, repeated", "shared-transpor".repeat(big / 15)],
    ["a near-record", `{"type":"parley.decision","v":1,"x":"${"a".repeat(big - 50)}"}`],
    ["link markers", "#v1.".repeat(big / 4)],
  ])("reads a huge line of %s and shows only its start", (_name, line) => {
    // A quadratic reading of a 1 MiB line runs for minutes and fails on vitest's timeout; no clock here.
    const entry = readLogLine(line);
    expect(entry.length).toBe(line.length);
    expect(entry.excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_CHARS);
  });

  it("never splits a surrogate pair in an excerpt", () => {
    const line = "a".repeat(MAX_EXCERPT_CHARS - 1) + "🙂".repeat(5);
    const { excerpt } = readLogLine(line);
    expect(excerpt).toBe("a".repeat(MAX_EXCERPT_CHARS - 1));
  });
});
