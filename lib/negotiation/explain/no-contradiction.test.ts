import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import type { TaskClassDecision } from "../decision-types";
import { INCIDENT_CARDS } from "../examples/incidents";
import * as RULE_PAGE_CARDS from "../examples/rule-page-cards";
import { readLogText } from "../log";
import { PRESET_IDS, PRESETS, type ClientProfile } from "../profile";
import { writeDecisionRecord } from "../record";
import { review } from "../review";
import { BUILT_IN_TASK_CLASSES, type TaskClass } from "../task-classes";
import { explainDecision, explainReason } from "./decisions";
import { explainLogEntry } from "./log-lines";

/**
 * An explanation never contradicts its decision (issue 39): a class that is rejected or accepted
 * is never called deferred, and a defer for a left-out field names that field, not another. Over
 * every fixture card and example card × every preset (and each with its callback, or canPoll, left
 * out, so that profile-unknown reasons meet rejections) × every built-in class, in the three places
 * a user reads it: the decision's explanation, each reason said on its own with its decision (the
 * CLI's "why:" lines), and the explanation of the decision record read back (/explain).
 */
const DEFER_SENTENCE = /is deferred|neither rejected nor accepted on a guess/;

const cards: Array<[string, string]> = [
  ...corpusCardNames().map((name): [string, string] => [name, readCorpusCard(name)]),
  ...INCIDENT_CARDS.map((c): [string, string] => [c.id, c.text]),
  ...Object.entries(RULE_PAGE_CARDS).filter((e): e is [string, string] => typeof e[1] === "string"),
];

/** A class that learns of completion by push alone (a user's own): its push cut has no polling to fall back on. */
const PUSH_ONLY: TaskClass = { id: "push-only", title: "Push only", description: "Waits for a callback.", input: "whole", completion: "push", output: "required" };
const CLASSES: TaskClass[] = [...BUILT_IN_TASK_CLASSES, PUSH_ONLY];

function without(profile: ClientProfile, field: "callback" | "canPoll"): ClientProfile {
  const copy = { ...profile };
  delete copy[field];
  return copy;
}
const profiles: Array<[string, ClientProfile]> = PRESETS.flatMap((p, i): Array<[string, ClientProfile]> => [
  [PRESET_IDS[i]!, p],
  [`${PRESET_IDS[i]} without callback`, without(p, "callback")],
  [`${PRESET_IDS[i]} without canPoll`, without(p, "canPoll")],
]);

function contradictions(decision: TaskClassDecision, texts: string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    if (decision.decision !== "defer" && DEFER_SENTENCE.test(text)) out.push(`${decision.decision} says deferred: ${text}`);
  }
  for (const reason of decision.reasons) {
    if (reason.reason !== "profileUnknown") continue;
    const missing = Array.isArray(reason.data.missing) ? reason.data.missing : [];
    const said = explainReason(reason, { decision: decision.decision });
    if (!missing.includes("/canPoll") && /canPoll/.test(said)) out.push(`names canPoll for ${missing.join(", ")}: ${said}`);
  }
  return out;
}

describe("explanations never contradict their decision", () => {
  it("has cards, profiles and classes to check", () => {
    expect(cards.length).toBeGreaterThan(40);
    expect(profiles.length).toBe(PRESETS.length * 3);
  });

  it.each(profiles)("%s: no rejected or accepted class is called deferred, no defer names a field it does not miss", (_id, profile) => {
    const found: string[] = [];
    let defersSaid = 0;
    for (const [name, text] of cards) {
      const r = review(text, profile, { taskClasses: CLASSES });
      for (const decision of r.decisions) {
        const texts = [explainDecision(decision, r), ...decision.reasons.map((reason) => explainReason(reason, { decision: decision.decision }))];
        const record = readLogText(writeDecisionRecord(r, decision.taskClass, text)).entries[0];
        if (record?.kind === "record") texts.push(...explainLogEntry(record).meaning.slice(0, 1));
        for (const c of contradictions(decision, texts)) found.push(`${name} / ${decision.taskClass}: ${c}`);
        if (decision.decision === "defer" && DEFER_SENTENCE.test(texts[0]!)) defersSaid++;
      }
    }
    expect(found).toEqual([]);
    // The sentence is still said where it is true (the check above is not vacuous by its absence).
    if (_id.endsWith("without canPoll") || _id.endsWith("without callback")) expect(defersSaid).toBeGreaterThan(0);
  });
});
