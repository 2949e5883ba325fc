import { AgentCard } from "@a2a-js/sdk";
import type { BeforeArgs, CallInterceptor } from "@a2a-js/sdk/client";
import {
  BUILT_IN_TASK_CLASSES,
  digestCardText,
  ENGINE_VERSION,
  explainDecision,
  explainInputError,
  findTaskClass,
  formatDecisionRecord,
  review,
  type ClientProfile,
  type Review,
  type ReviewContext,
  type TaskClass,
  type TaskClassDecision,
} from "../negotiation";
import { describeLinkError, tryEncodeReviewLink } from "../share";
import { publishedText } from "./card-resolver";
import { classOfShape, narrowedClass, shapeOfCall, worstOutcome } from "./call-class";

/**
 * A guard for `@a2a-js/sdk` 1.x clients: a CallInterceptor that reviews the card the client holds
 * against the client's own profile before a message leaves, so a task the client cannot complete is
 * refused before a task ID exists, and a push config the client cannot honor is never registered.
 * docs/library.md has the whole story; in short, for every send:
 * - the call's task class: the app's (`taskClass`), else read from the call (call-class.ts): a
 *   live-only part → live-input, a streamed send → streaming-output, a push config or
 *   returnImmediately → async-completion, else request-response; plus each part's media type the
 *   card's input gate does not list, decided as the class narrowed to it (the worst wins); a push
 *   config created for a task on its own is async-completion; other calls pass untouched;
 * - the card as published: the bytes parleyCardResolver fetched, else the SDK's parsed AgentCard
 *   written back as ProtoJSON with the SDK's own writer, reviewed once per digest of that text;
 * - reject → a CardRejectedError before the transport is called;
 *   accept-degraded with push cut → the push config is removed and the call goes on (the task
 *   completes by polling or in the reply); anything else → the call goes on as it was;
 * - one decision record per decision (card digest × task class), to `onDecision` (default: a JSON
 *   line on stderr), the format /explain reads, with a review link when `reviewBaseUrl` is set.
 */
export interface ParleyInterceptorOptions {
  /** The client's profile (docs/profile.md). Checked at once: a profile the engine cannot read throws. */
  profile: ClientProfile;
  /**
   * The task class of every guarded call (a built-in id or the app's own class), or a function
   * choosing one per call (undefined: the default mapping). Default: by the call, as above.
   */
  taskClass?: string | TaskClass | ((call: GuardedCall) => string | TaskClass | undefined);
  /** Conditions of validity (docs/profile.md, "Context"). */
  context?: ReviewContext;
  /** Called once per decision with the record line and what it says. Default: the line on stderr. */
  onDecision?: (event: DecisionEvent) => void;
  /**
   * The Parley workspace's address (e.g. https://parley.example.com): a record's review link is then
   * a whole URL. Without it, the link is the fragment alone (`#v1.…`), which /explain opens on its own origin.
   */
  reviewBaseUrl?: string;
  /** false: records without their review link (shorter log lines). Default true (docs/decision-record.md). */
  reviewLink?: boolean;
}

/** The call being guarded, as the SDK hands it to the interceptor. */
export interface GuardedCall {
  method: string;
  /** The call's payload (the SDK's SendMessageRequest for a send). */
  value: unknown;
}

export interface DecisionEvent {
  /** The decision record, one line of JSON (docs/decision-record.md). */
  record: string;
  decision: TaskClassDecision;
  /** What the guard did: refused the call, removed the push config, or let it go on. */
  action: "refused" | "push-removed" | "allowed";
  cardDigest: string;
}

/**
 * The call was refused before it reached the server: this client cannot complete this task class
 * against this card. Shaped like the reference check's UnnegotiableAgentCardError (a message, the
 * task class, the invariant), with Parley's invariant id and the decision record.
 */
export class CardRejectedError extends Error {
  readonly taskClass: string;
  /** The first invariant the rejection rests on (Parley's id, e.g. "live-input-needs-streaming"). */
  readonly invariant: string;
  /** Every invariant it rests on. */
  readonly rules: readonly string[];
  readonly decision: TaskClassDecision;
  /** The decision record line; paste it into /explain. */
  readonly record: string;

  constructor(decision: TaskClassDecision, record: string, rules: readonly string[]) {
    super(`parley: refused ${decision.taskClass} before sending: ${explainDecision(decision)}`);
    this.name = "CardRejectedError";
    this.taskClass = decision.taskClass;
    this.rules = rules;
    this.invariant = rules[0] ?? "";
    this.decision = decision;
    this.record = record;
  }
}

/** A push config was to be registered for a task whose push channel this client cannot use. */
export class PushRefusedError extends CardRejectedError {
  constructor(decision: TaskClassDecision, record: string, rules: readonly string[]) {
    super(decision, record, rules);
    this.name = "PushRefusedError";
    this.message = `parley: refused to register a push config: ${explainDecision(decision)}`;
  }
}

interface Outcome {
  decision: TaskClassDecision;
  record: string;
  rules: string[];
  pushCut: boolean;
}

/** What the guard knows of one card text: its digest and the decisions made on it so far. */
interface CardState {
  text: string;
  digest: string;
  outcomes: Map<string, Outcome>;
  /**
   * The outcome for each shape of send met on this card, by how it completes (SendShape's
   * completion) and then by its parts' media types: a client sends the same few shapes again and
   * again, and after the first a send costs two lookups and no string built.
   */
  bySend: [Map<string, Outcome>, Map<string, Outcome>, Map<string, Outcome>];
  /** How many outcomes bySend holds. */
  sendShapes: number;
  reviewed?: Review;
  /** The review link of the built-in classes' review: the same for each of their records. */
  link?: string | null;
}

const MAX_DIGESTS = 64;
/** Send shapes remembered per card: an app with more (many media types in turn) decides the rest anew. */
const MAX_SEND_SHAPES = 256;
const SEND_METHODS = new Set(["sendMessage", "sendMessageStream"]);

export function parleyInterceptor(options: ParleyInterceptorOptions): CallInterceptor {
  const { profile, context = {} } = options;
  const probe = review("{}", profile, { context, taskClasses: [] });
  const argumentError = probe.inputErrors?.find((e) => e.code === "invalidProfile" || e.code === "invalidContext");
  if (argumentError) throw new TypeError(`parley: ${explainInputError(argumentError)}`);
  const onDecision = options.onDecision ?? ((event: DecisionEvent) => console.error(event.record));
  const linkBase = options.reviewBaseUrl?.replace(/\/+$/, "");

  // The client keeps one AgentCard object until it fetches another: after the first call, a call
  // costs a WeakMap lookup and a Map lookup. A new object with the same text reuses its review.
  const byObject = new WeakMap<object, CardState>();
  const byDigest = new Map<string, CardState>();

  const cardState = (card: AgentCard): CardState => {
    let state = byObject.get(card);
    if (state) return state;
    const text = publishedText(card) ?? writeBack(card);
    const digest = digestCardText(text);
    state = byDigest.get(digest);
    if (!state) {
      state = { text, digest, outcomes: new Map(), bySend: [new Map(), new Map(), new Map()], sendShapes: 0 };
      if (byDigest.size >= MAX_DIGESTS) byDigest.delete(byDigest.keys().next().value!);
      byDigest.set(digest, state);
    }
    byObject.set(card, state);
    return state;
  };

  const decide = (state: CardState, taskClass: string | TaskClass): Outcome => {
    const id = typeof taskClass === "string" ? taskClass : taskClass.id;
    const known = state.outcomes.get(id);
    if (known) return known;
    // Built-in classes are reviewed together, once per card; the app's own class on its own.
    let result: Review;
    if (typeof taskClass === "string" && findTaskClass(taskClass)) {
      state.reviewed ??= review(state.text, profile, { context, taskClasses: BUILT_IN_TASK_CLASSES });
      result = state.reviewed;
    } else {
      result = review(state.text, profile, { context, taskClasses: [taskClass] });
    }
    const decision = result.decisions.find((d) => d.taskClass === id);
    if (!decision) {
      const why = result.inputErrors?.[0];
      throw new TypeError(`parley: cannot review the task class ${JSON.stringify(id)}: ${why ? explainInputError(why) : "no decision"}`);
    }
    const link = linkBase !== undefined || options.reviewLink !== false ? linkFor(state, result) : undefined;
    const record = formatDecisionRecord(result, id, state.digest, link ? { reviewLink: link } : {});
    const rules = (JSON.parse(record) as { rules: string[] }).rules;
    const pushCut = decision.degradations.some((d) => d.path.kind === "completion" && d.path.channel === "push");
    const outcome: Outcome = { decision, record, rules, pushCut };
    state.outcomes.set(id, outcome);
    return outcome;
  };

  // Encoding a link deflates the card (a few ms): once per card for the built-in classes' review.
  const linkFor = (state: CardState, result: Review): string | undefined => {
    if (result !== state.reviewed) return reviewLink(result, state.text, context, linkBase);
    if (state.link === undefined) state.link = reviewLink(result, state.text, context, linkBase) ?? null;
    return state.link ?? undefined;
  };

  /** The outcome of a send whose class the guard reads from the call: its class, then each part's media type the gate does not list. */
  const decideSend = (state: CardState, call: GuardedCall): Outcome => {
    const shape = shapeOfCall(call);
    const { modes } = shape;
    const byModes = state.bySend[shape.completion];
    const key = modes.length === 0 ? "" : modes.length === 1 ? modes[0]! : modes.join("\n");
    const known = byModes.get(key);
    if (known) return known;
    const base = classOfShape(shape, profile);
    const first = decide(state, base);
    const gate = state.reviewed?.card?.defaultInputModes.value;
    const rest = modes.filter((mode) => !gate?.includes(mode)).map((mode) => decide(state, narrowedClass(base, mode)));
    const outcome = worstOutcome([first, ...rest]);
    if (state.sendShapes >= MAX_SEND_SHAPES) {
      for (const map of state.bySend) map.clear();
      state.sendShapes = 0;
    }
    byModes.set(key, outcome);
    state.sendShapes++;
    return outcome;
  };

  // One record per decision: written the first time a decision is acted on.
  const written = new WeakSet<Outcome>();
  const report = (outcome: Outcome, action: DecisionEvent["action"], digest: string) => {
    if (written.has(outcome)) return;
    written.add(outcome);
    onDecision({ record: outcome.record, decision: outcome.decision, action, cardDigest: digest });
  };

  return {
    async before(args: BeforeArgs): Promise<void> {
      // The SDK types input per Client member; a plain view of it is all the guard reads.
      const input = args.input as unknown as { method: string; value?: unknown };
      const { method } = input;
      const isSend = SEND_METHODS.has(method);
      if (!isSend && method !== "createTaskPushNotificationConfig") return;
      const call: GuardedCall = { method, value: input.value };
      const payload = isSend ? (input.value as { configuration?: { taskPushNotificationConfig?: unknown } }) : undefined;
      const hasPush = payload?.configuration?.taskPushNotificationConfig !== undefined;
      const chosen = typeof options.taskClass === "function" ? options.taskClass(call) : options.taskClass;
      const state = cardState(args.agentCard);
      let outcome: Outcome;
      if (!isSend) outcome = decide(state, "async-completion");
      else if (chosen !== undefined) outcome = decide(state, chosen);
      else outcome = decideSend(state, call);
      const { decision } = outcome;
      if (decision.decision === "reject") {
        report(outcome, "refused", state.digest);
        throw new CardRejectedError(decision, outcome.record, outcome.rules);
      }
      if (outcome.pushCut && !isSend) {
        report(outcome, "refused", state.digest);
        throw new PushRefusedError(decision, outcome.record, outcome.rules);
      }
      if (outcome.pushCut && hasPush) {
        // The push config would be registered and never answered: drop it, the task is polled.
        const configuration = { ...payload!.configuration };
        delete configuration.taskPushNotificationConfig;
        payload!.configuration = configuration;
        report(outcome, "push-removed", state.digest);
        return;
      }
      report(outcome, "allowed", state.digest);
    },
    async after(): Promise<void> {},
  };
}

/** The SDK's parsed card written back as ProtoJSON; a card the writer cannot write is the app's own argument error. */
function writeBack(card: AgentCard): string {
  try {
    return JSON.stringify(AgentCard.toJSON(card));
  } catch (cause) {
    throw new TypeError("parley: the client's AgentCard cannot be written as JSON (nested too deeply or cyclic); fetch it with parleyCardResolver", { cause });
  }
}

/** A snapshot review link for the record (docs/review-links.md), as the CLI's --link-base makes. */
function reviewLink(result: Review, cardText: string, context: ReviewContext, base: string | undefined): string | undefined {
  const encoded = tryEncodeReviewLink({
    cardText,
    profile: result.profile,
    context,
    engineVersion: ENGINE_VERSION,
    taskClasses: result.taskClasses.map((t) => (findTaskClass(t.id) === t ? t.id : t)),
    decisions: Object.fromEntries(result.decisions.map((d) => [d.taskClass, d.decision])),
  });
  if (!encoded.ok) {
    if (base !== undefined) console.error(`parley: no review link for this record: ${describeLinkError(encoded.error)}`);
    return undefined;
  }
  return base === undefined ? `#${encoded.fragment}` : `${base}/#${encoded.fragment}`;
}
