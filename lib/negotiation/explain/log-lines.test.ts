import { describe, expect, it } from "vitest";
import { CONTOSO, CONTOSO_RESUBSCRIBE_ONLY } from "../examples/incidents";
import { INVARIANT_IDS } from "../invariants";
import { readLogLine, readLogText, type LogEntry } from "../log";
import { NORTHWIND } from "../profile";
import { writeDecisionRecord } from "../record";
import { review } from "../review";
import { buildRulePage } from "../rule-docs";
import { explainLogEntry, explainLogNotice, explainUnreadable } from "./log-lines";

const SEED_1 =
  "2026-11-08 10:00:00 ERROR UnnegotiableAgentCardError: task_class='live-input': card advertises live-only input modes ['audio/pcm'] but capabilities.streaming is False; client cannot buffer these modes.";
const SEED_2 =
  "task_class='async-completion': server push notifications require mTLS under scheme 'contosoMtls', but client callback listener is plain HTTPS; registration would silently drop callbacks.";

describe("explaining a decision record", () => {
  it("says the decision, the invariant's own words, and what would change it", () => {
    const line = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text);
    const text = explainLogEntry(readLogLine(line));
    expect(text.headline).toMatchInlineSnapshot(`"Parley decision record: reject live-input for Contoso Voice Desk, client profile Northwind discovery agent."`);
    expect(text.rules).toEqual([
      { id: "live-input-needs-streaming", title: "Live input needs streaming", known: true, docsPath: "/rules/live-input-needs-streaming" },
    ]);
    expect(text.taskClass).toBe("live-input");
    expect(text.meaning).toMatchInlineSnapshot(`
      [
        "Reject live-input before the first task is created: this client and this server cannot complete it together. live-input-needs-streaming cuts the input path for audio/pcm, which live-input requires.",
        "The card takes audio/pcm as input but does not stream (capabilities.streaming is false), and the client has audio/pcm only live and cannot buffer it: the input path is unreachable.",
      ]
    `);
    expect(text.changes[0]).toMatchInlineSnapshot(`"Profile: add audio/pcm to bufferableInputModes if the client can buffer it whole before sending (the rule then does not bind)."`);
    // A rejection also lists the conditions of validity that would turn it into defer or escalate.
    expect(text.changes.some((c) => c.includes("renegotiate"))).toBe(true);
  });

  it("tells an accept-degraded record by what it gives up", () => {
    const line = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "async-completion", CONTOSO.text);
    const text = explainLogEntry(readLogLine(line));
    expect(text.meaning).toMatchInlineSnapshot(`
      [
        "Accept async-completion, degraded. push-callback-mtls cuts push notifications, which async-completion can do without: it falls back to polling.",
        "Push callbacks go out under contosoMtls, which requires mutual TLS, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
        "async-completion gives up push and falls back to polling (push-callback-mtls).",
      ]
    `);
    expect(text.changes.some((c) => c.includes("renegotiate"))).toBe(false);
  });

  it.each(INVARIANT_IDS)("words a rejection by %s from its rule page's failing example", (id) => {
    const page = buildRulePage(id);
    const result = page?.failing.review;
    if (!page || !result) throw new Error(`no page for ${id}`);
    const line = writeDecisionRecord(result, page.doc.focusTaskClass, page.doc.failing.cardText);
    const text = explainLogEntry(readLogLine(line));
    expect(text.rules.map((r) => r.id)).toContain(id);
    for (const sentence of [...text.meaning, ...text.changes]) expect(sentence).not.toMatch(/\{\{|undefined|\[object/);
    expect(text.changes.length).toBeGreaterThan(1);
  });

  it("notes a record written by another engine version and reasons it does not know", () => {
    const line = writeDecisionRecord(review(CONTOSO_RESUBSCRIBE_ONLY.text, NORTHWIND), "async-completion", CONTOSO_RESUBSCRIBE_ONLY.text)
      .replace(/"engine":"[^"]+"/, '"engine":"parley/9.0.0"')
      .replace('"reasons":[', '"reasons":[{"reason":"futureReason","outcome":"accept","data":{}},');
    const text = explainLogEntry(readLogLine(line));
    expect(text.notes.slice(0, 2)).toMatchInlineSnapshot(`
      [
        "Written by parley/9.0.0; this explainer is parley/0.2.0: open the review to see today's decision.",
        "Reasons this engine does not know: futureReason.",
      ]
    `);
  });
});

describe("explaining a seed-compatible message", () => {
  it.each([
    ["invariant 1", SEED_1],
    ["invariant 2", SEED_2],
  ])("%s: Parley's words for the same finding, and how Parley's review differs", (_name, line) => {
    const text = explainLogEntry(readLogLine(line));
    expect({ headline: text.headline, meaning: text.meaning, firstChange: text.changes[0], notes: text.notes }).toMatchSnapshot();
  });
});

describe("explaining a line that names a rule", () => {
  it("says what the rule checks and whether it concerns the task class", () => {
    const concerned = explainLogEntry(readLogLine("rule=push-callback-mtls taskClass=async-completion"));
    expect(concerned.meaning).toMatchInlineSnapshot(`
      [
        "Push callbacks need a listener that does mTLS: Refuse push callbacks that require mutual TLS when the client's callback listener is plain HTTPS.",
        "It concerns async-completion: when it fires, async-completion cannot be completed as the card promises.",
      ]
    `);
    const unconcerned = explainLogEntry(readLogLine("rule=push-callback-mtls taskClass=fire-and-forget"));
    expect(unconcerned.meaning[1]).toMatchInlineSnapshot(`"It does not concern fire-and-forget, so it cannot have rejected it: look for another rule on that line."`);
  });

  it("has generic changes for every rule", () => {
    for (const id of INVARIANT_IDS) expect(explainLogEntry(readLogLine(`fired ${id}`)).changes.length).toBeGreaterThan(0);
  });
});

describe("explaining unreadable lines and limits", () => {
  const unreadable = (line: string) => {
    const entry = readLogLine(line) as LogEntry & { kind: "unreadable" };
    expect(entry.kind).toBe("unreadable");
    return explainUnreadable(entry.reason);
  };

  it.each([
    ["garbage", "hello world"],
    ["a broken seed message", "task_class='live-input': card is on fire"],
    ["a record of another version", '{"type":"parley.decision","v":7}'],
  ])("%s", (_name, line) => {
    expect(unreadable(line)).toMatchSnapshot();
  });

  it("explains the limits", () => {
    expect(explainLogNotice({ code: "inputTooLarge", length: 2_000_000, limit: 1_048_576 })).toMatchInlineSnapshot(`"The pasted text is 2,000,000 characters long; the explainer reads at most 1,048,576 at once. Paste fewer lines."`);
    const reading = readLogText(Array.from({ length: 502 }, () => "x").join("\n"));
    expect(reading.notice && explainLogNotice(reading.notice)).toMatchInlineSnapshot(`"Only the first 500 non-blank lines were read; 2 more were not. Paste the rest separately."`);
  });
});

describe("what a line that is not readable lacks, in plain words", () => {
  const unreadable = (line: string) => {
    const entry = readLogLine(line);
    if (entry.kind !== "unreadable") throw new Error(`read ${line}`);
    return explainUnreadable(entry.reason);
  };

  it("a line that names UnnegotiableAgentCardError but carries no message is said to be one, with what is missing", () => {
    const text = unreadable("UnnegotiableAgentCardError: something");
    expect(text).toBe(
      "This looks like an UnnegotiableAgentCardError message, but at column 29 it expected task_class='…' and one of the error's three messages, which this line does not carry, so it cannot be read.",
    );
  });

  it("a record with no format version, or a required field missing or of the wrong kind, never shows undefined or a schema code", () => {
    const texts = [
      '{"type":"parley.decision"}',
      `{"type":"parley.decision","v":1,"x":${"[".repeat(3000)}${"]".repeat(3000)}}`,
      '{"type":"parley.decision","v":1,"engine":7}',
    ].map(unreadable);
    expect(texts[0]).toBe('This decision record has no format version: it needs "v": 1, the version this engine reads.');
    expect(texts[1]).toBe("This decision record has no /engine; every record has one. Paste the whole record as it was written.");
    expect(texts[2]).toBe("This decision record has a value of the wrong kind at /engine: it needs a string there.");
    for (const text of texts) expect(text).not.toMatch(/undefined|invalid_type|too_big|_/);
  });
});

describe("a decision record cut short", () => {
  it("says the record was probably truncated, not that the line is not a record", () => {
    const line = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text).slice(0, 180);
    const entry = readLogLine(line);
    if (entry.kind !== "unreadable") throw new Error("a truncated record must be unreadable");
    expect(explainUnreadable(entry.reason)).toMatch(/^This looks like a Parley decision record, but it is not complete JSON: it was probably cut short/);
  });
});

describe("a pasted record whose data names Object.prototype's members", () => {
  // Log lines come from anywhere: a record edited by hand (or by an attacker) may put
  // "constructor" where a channel, a capability or a condition is named.
  const hostileRecords = () => {
    const out: string[] = [];
    for (const context of [{ priorTaskHistory: true }, {}]) {
      const result = review(CONTOSO.text, { ...NORTHWIND, fixed: false }, { context });
      for (const decision of result.decisions) {
        const record = JSON.parse(writeDecisionRecord(result, decision.taskClass, CONTOSO.text)) as { reasons: Array<{ data?: Record<string, unknown> }> };
        for (const reason of record.reasons) {
          const data = reason.data;
          if (!data) continue;
          if (data.channels) data.channels = ["constructor", "__proto__"];
          if (data.acquirable) data.acquirable = ["toString"];
          if ("completion" in data) data.completion = "constructor";
          if (data.notApplied) data.notApplied = ["constructor", "valueOf"];
        }
        out.push(JSON.stringify(record));
      }
    }
    return out;
  };

  it("is explained without throwing and without printing a built-in function", () => {
    const lines = hostileRecords();
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      const entry = readLogLine(line);
      const text = JSON.stringify(explainLogEntry(entry));
      expect(text).not.toMatch(/native code|function Object|\[object /);
    }
  });
});
