/**
 * What a live check ("Check against the live agent") means for the rest of the workspace: per task
 * class, the observation beside the prediction (sent, or read off the calls that create nothing),
 * the contradicted card fields as editor diagnostics, and whether any of it still describes what is
 * on screen. Pure: the live-check panel, the matrix, the explanation and the verdict area all read
 * it. A run holds no credential (that stays in the panel) and is never put in a link or a draft.
 */
import { BUILT_IN_TASK_CLASSES, type ClientProfile, type DecisionKind, findTaskClass, type TaskClass } from "@/lib/negotiation";
import { disagrees } from "@/lib/probe/agreement";
import type { Contradiction, Observation, ProbedInterface, ProbeReport } from "@/lib/probe/types";
import { type EditorDiagnostic, locateNearest, type TaskClassSelection } from "./workspace-review";

/** One check as it came back, and what it was made on: the card as fetched, the profile and classes of the click. */
export interface LiveCheckRun {
  report: ProbeReport;
  cardText: string;
  profile: ClientProfile;
  taskClasses: TaskClassSelection | undefined;
}

/**
 * How an observation stands to the prediction made at the check. `clear`: nothing was sent for
 * it, and nothing the check asked contradicts the path it takes; `unknown`: the check could not
 * ask (the SDK's interface wants credentials, or is not one Parley speaks).
 */
export type Agreement = "agrees" | "disagrees" | "no-claim" | "clear" | "unknown";

export interface ClassObservation {
  taskClass: string;
  observed: Observation;
  /** `sent`: a real message's lifecycle; `checked`: read off the calls that create nothing. */
  how: "sent" | "checked";
  /** What the server said, or why nothing was observed. */
  said: string;
  /** The decision the check compared with (the review at the check). */
  predicted: DecisionKind;
  agreement: Agreement;
}

/** What changed since the check: the card (everything is stale), or only the profile or the classes (the predictions it compared with). */
export type LiveStaleness = "card" | "profile" | "taskClasses" | null;

export interface LiveView {
  classes: ReadonlyMap<string, ClassObservation>;
  contradictions: readonly Contradiction[];
  /** Whether real messages were sent. */
  sent: boolean;
  stale: LiveStaleness;
  /** The profile the check compared with (named when the profile has changed since). */
  profileName: string;
}

/** What changed between the check and what is on screen now (a value: the same inputs, the same answer). */
export function staleness(run: LiveCheckRun, cardText: string, profile: ClientProfile, taskClasses: TaskClassSelection | undefined): LiveStaleness {
  if (cardText !== run.cardText) return "card";
  if (profile !== run.profile && JSON.stringify(profile) !== JSON.stringify(run.profile)) return "profile";
  if (taskClasses !== run.taskClasses && JSON.stringify(taskClasses ?? null) !== JSON.stringify(run.taskClasses ?? null)) return "taskClasses";
  return null;
}

export function liveView(run: LiveCheckRun, stale: LiveStaleness): LiveView {
  return {
    classes: classObservations(run.report, definitionsOf(run.taskClasses)),
    contradictions: run.report.contradictions,
    sent: run.report.sent,
    stale,
    profileName: run.profile.name,
  };
}

/**
 * Per task class, the observation. A class the check sent is what happened to it. A class it did
 * not send is still read off what the calls that create nothing found: when the interface the SDK
 * picks is dead (it never tries another), every class fails (hangs, when it did not answer in
 * time); when the stream the card claims is refused, the classes that stream (their output, or
 * their input live) fail; when the push it claims is refused, the classes that need push fail.
 */
export function classObservations(report: ProbeReport, definitions: readonly TaskClass[]): Map<string, ClassObservation> {
  const picked = report.interfaces.find((i) => i.picked);
  const pickedDead = picked && picked.reachable === false ? report.contradictions.find((c) => onInterface(c.pointer, picked)) : undefined;
  const stream = report.contradictions.find((c) => c.pointer === "/capabilities/streaming");
  const push = report.contradictions.find((c) => c.pointer === "/capabilities/pushNotifications");
  const out = new Map<string, ClassObservation>();
  for (const [taskClass, c] of Object.entries(report.classes)) {
    const base = { taskClass, predicted: c.predicted };
    if (c.observed !== "skipped") {
      out.set(taskClass, { ...base, observed: c.observed, how: "sent", said: c.error ?? "", agreement: agreementOf(c.predicted, c.observed) });
      continue;
    }
    const definition = definitions.find((d) => d.id === taskClass);
    const streams = definition !== undefined && (definition.completion === "stream" || definition.input === "live");
    const inferred: { observed: Observation; said: string } | undefined = pickedDead
      ? { observed: picked?.error?.kind === "timeout" ? "hung" : "failed", said: pickedDead.observed }
      : stream && streams
        ? { observed: "failed", said: stream.observed }
        : push && definition?.completion === "push"
          ? { observed: "failed", said: push.observed }
          : undefined;
    if (inferred) {
      out.set(taskClass, { ...base, ...inferred, how: "checked", agreement: agreementOf(c.predicted, inferred.observed) });
      continue;
    }
    const notSent = report.sent ? (c.error ?? "not sent") : "not sent: the check creates no task";
    out.set(taskClass, {
      ...base,
      observed: "skipped",
      how: "checked",
      said: picked?.reachable === true ? notSent : `${notSent}; ${unaskedBecause(picked)}`,
      agreement: picked?.reachable === true ? "clear" : "unknown",
    });
  }
  return out;
}

function agreementOf(predicted: DecisionKind, observed: Observation): Agreement {
  if (disagrees({ predicted, observed })) return "disagrees";
  return predicted === "defer" || predicted === "escalate" ? "no-claim" : "agrees";
}

/** A contradiction about this interface: its own pointer (a 0.3 card's `/url`) or a field under it. */
function onInterface(pointer: string, i: ProbedInterface): boolean {
  return pointer === i.pointer || pointer.startsWith(`${i.pointer}/`);
}

function unaskedBecause(picked: ProbedInterface | undefined): string {
  if (!picked) return "the SDK picks no interface the check could call";
  if (picked.reachable === null) return `interface ${picked.index} (the SDK's pick) was not called${picked.error ? `: ${picked.error.detail}` : ""}`;
  return `interface ${picked.index} (the SDK's pick) did not answer the check (${picked.error?.kind ?? "no answer"}${picked.error?.status ? `, HTTP ${picked.error.status}` : ""})`;
}

/** The classes of the check: built-in ids, or user-defined classes as the selection carries them; absent, every built-in. */
export function definitionsOf(selection: TaskClassSelection | undefined): TaskClass[] {
  if (!selection) return [...BUILT_IN_TASK_CLASSES];
  const custom = selection.filter((t): t is TaskClass => typeof t !== "string");
  return selection.map((t) => (typeof t === "string" ? findTaskClass(t, custom) : t)).filter((t): t is TaskClass => t !== undefined);
}

/** A contradiction as one sentence: the claim, then what happened. */
export function contradictionSentence(c: Contradiction): string {
  return `${c.claim}; ${c.observed}`;
}

/**
 * The contradicted card fields as editor diagnostics, on the field each pointer names (or the
 * first line of its nearest ancestor, for a field the card leaves out). Only for the card the
 * check was made on: after an edit they would mark a text nobody checked.
 */
export function contradictionDiagnostics(contradictions: readonly Contradiction[], text: string): EditorDiagnostic[] {
  return contradictions.map((c) => {
    const range = locateNearest(text, c.pointer) ?? { from: 0, to: Math.min(text.length, 1) };
    return { from: range.from, to: range.to, severity: "error", message: `The live agent contradicts the card: ${contradictionSentence(c)}` };
  });
}

/** Why the observations on screen may no longer hold, in a sentence; undefined while they do. */
export function staleSentence(view: LiveView): string | undefined {
  switch (view.stale) {
    case "card":
      return "The card has changed since the live check: what it observed was about the card as it was. Check again.";
    case "profile":
      return `The profile has changed since the live check: its observations were compared with the predictions for ${view.profileName}. Check again.`;
    case "taskClasses":
      return "The task classes have changed since the live check. Check again.";
    default:
      return undefined;
  }
}
