import { describe, expect, it } from "vitest";
import { CONTOSO } from "../examples/incidents";
import { LIVE_AUDIO_STREAMING } from "../examples/rule-page-cards";
import { readLogText } from "../log";
import { findPreset } from "../profile";
import { parseDecisionRecord, writeDecisionRecord } from "../record";
import { review } from "../review";
import { cardFaultStep, decisionLabel, explainDecision, NOT_FOR_CLIENT } from "./decisions";
import { OUTCOME_LABELS, OUTCOME_MEANINGS } from "./legend";
import { explainLogEntry } from "./log-lines";

/**
 * A class the client itself cannot perform (an SDK client has no live mode) is "not for this
 * client": every word a user reads says so, and none blames the card or the server.
 */
const js = findPreset("a2a-js")!;
const r = review(LIVE_AUDIO_STREAMING, js);
const live = r.decisions.find((d) => d.taskClass === "live-input")!;

describe("not for this client", () => {
  it("is a rejection aimed at the client, labelled apart from a rejection of the card", () => {
    expect([live.decision, live.target]).toEqual(["reject", "client"]);
    expect(decisionLabel(live)).toBe(NOT_FOR_CLIENT);
    expect(cardFaultStep(live)).toBeUndefined();
    expect(OUTCOME_LABELS["not-for-client"]).toBe("not for this client");
    expect(OUTCOME_MEANINGS["not-for-client"]).toMatch(/whatever the card says/);
  });

  it("the explanation says the client cannot perform it and the card is not at fault", () => {
    const text = explainDecision(live, r);
    expect(text).toMatch(/^Live input is not for this client: the client itself cannot perform it, whatever the card says\./);
    expect(text).toMatch(/no fault of the card or the server/);
    expect(text).not.toMatch(/^Reject/);
    expect(text).toContain("input-modes cuts its input path, which live-input requires, and no card could reopen it: it is the client's own limit.");
    expect(live.reasons.find((x) => x.invariant === "input-modes")?.data.clientLimit).toBe(true);
  });

  it("the decision record carries target client and reads back with the same meaning", () => {
    const line = writeDecisionRecord(r, "live-input", LIVE_AUDIO_STREAMING);
    expect(JSON.parse(line)).toMatchObject({ decision: "reject", target: "client", rules: ["input-modes"] });
    const parsed = parseDecisionRecord(line);
    expect(parsed.ok && parsed.record.target).toBe("client");
    const explained = explainLogEntry(readLogText(line).entries[0]!);
    expect(explained.headline).toMatch(/live-input is not for this client .*no fault of the card\.$/);
    expect(explained.meaning[0]).toMatch(/not for this client/);
    expect(explained.changes.join(" ")).toMatch(/Profile:/);
    expect(explained.changes.join(" ")).not.toMatch(/refetch|cardKnownStale/);
  });

  it("a record written before targets could name the client still parses and reads as before", () => {
    const northwind = review(CONTOSO.text, findPreset("northwind")!);
    const old = JSON.parse(writeDecisionRecord(northwind, "live-input", CONTOSO.text)) as Record<string, unknown>;
    old.engine = "parley/0.2.0";
    expect(old.target).toBe("server");
    const line = JSON.stringify(old);
    expect(parseDecisionRecord(line).ok).toBe(true);
    const explained = explainLogEntry(readLogText(line).entries[0]!);
    expect(explained.headline).toMatch(/^Parley decision record: reject live-input for /);
  });

  it("a record with a target this engine does not know is refused with a pointer, not a crash", () => {
    const bad = JSON.parse(writeDecisionRecord(r, "live-input", LIVE_AUDIO_STREAMING)) as Record<string, unknown>;
    bad.target = "vendor";
    const parsed = parseDecisionRecord(JSON.stringify(bad));
    expect(parsed.ok).toBe(false);
  });
});
