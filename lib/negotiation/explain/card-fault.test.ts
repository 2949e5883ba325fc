import { describe, expect, it } from "vitest";
import { CONTOSO } from "../examples/incidents";
import { readLogText } from "../log";
import { NORTHWIND } from "../profile";
import { writeDecisionRecord } from "../record";
import { review } from "../review";
import { cardFaultStep, decisionLabel, explainDecision } from "./decisions";
import { explainLogEntry } from "./log-lines";

/**
 * A rejection aimed at the card means one of two things, and every surface must say the same one:
 * an invalid card is fixed at its source; a stale card on a known-good server is refetched.
 */
const invalid = review('{"name": 12}', NORTHWIND);
const stale = review(CONTOSO.text, NORTHWIND, { context: { cardKnownStale: true, serverKnownGood: true } });
const decisionOf = (r: typeof invalid, id: string) => r.decisions.find((d) => d.taskClass === id)!;

function explainRecordOf(r: typeof invalid, taskClass: string, cardText: string) {
  const line = writeDecisionRecord(r, taskClass, cardText);
  const entry = readLogText(line).entries[0]!;
  return explainLogEntry(entry);
}

describe("a rejection aimed at the card", () => {
  it("an invalid card: fix it at its source, never refetch", () => {
    const d = decisionOf(invalid, "request-response");
    expect(d.target).toBe("card");
    expect(decisionLabel(d)).toBe("reject (the card: fix it at its source)");
    expect(cardFaultStep(d)).toMatch(/^Card: fix it at its source/);
    expect(explainDecision(d, invalid)).toMatch(/not a valid Agent Card/);
    expect(explainDecision(d, invalid)).not.toMatch(/refetch/);
  });

  it("a stale card on a known-good server: refetch it", () => {
    const d = decisionOf(stale, "live-input");
    expect(d.target).toBe("card");
    expect(decisionLabel(d)).toBe("reject (the card: refetch it)");
    expect(cardFaultStep(d)).toMatch(/^Card: refetch it/);
    expect(explainDecision(d, stale)).toMatch(/refetch/);
  });

  it("the log explainer reads a record back with the same meaning", () => {
    const fromInvalid = explainRecordOf(invalid, "request-response", '{"name": 12}');
    expect(fromInvalid.changes.join(" ")).toMatch(/fix it at its source/);
    expect([...fromInvalid.changes, ...fromInvalid.meaning].join(" ")).not.toMatch(/refetch/);
    const fromStale = explainRecordOf(stale, "live-input", CONTOSO.text);
    expect(fromStale.changes.join(" ")).toMatch(/Card: refetch it/);
  });

  it("a rejection of the server is labelled as the decision alone", () => {
    const d = decisionOf(review(CONTOSO.text, NORTHWIND), "live-input");
    expect(d.target).toBe("server");
    expect(decisionLabel(d)).toBe("reject");
    expect(cardFaultStep(d)).toBeUndefined();
  });
});
