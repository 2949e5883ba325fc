import { randomUUID } from "node:crypto";
import { CardFetchError, fetchCard, type FetchCardOptions } from "../fetch/safe-fetch";
import {
  acknowledgeReview,
  BUILT_IN_TASK_CLASS_IDS,
  BUILT_IN_TASK_CLASSES,
  explainAcknowledgementProblem,
  readAcknowledgements,
  ClientProfile,
  diffCards,
  digestCardText,
  findPreset,
  outcomeOf,
  review,
  type Acknowledgement,
  type FieldChange,
  type FindingChange,
  type Outcome,
} from "../negotiation";
import { probeAgent } from "../probe/probe";
import type { LiveCheckResult } from "./live-check";
import type { Database, Sql } from "./db";
import { openSecret, sealSecret } from "./secrets";
import { deliverWebhook, type WebhookOptions, type WebhookResult } from "./webhook";

/** A request the registry refuses, with the field it is about: the API answers 400 (404 for notFound). */
export class RegistryInputError extends Error {
  constructor(
    readonly code: "badInput" | "notFound" | "notAnAgent",
    message: string,
    readonly pointer = "",
  ) {
    super(message);
    this.name = "RegistryInputError";
  }
}

export interface RegistryOptions {
  /** Key for agents' credentials; without it an agent with credentials is refused. */
  secretKey?: Buffer | null;
  /** Called on every decision change, besides each agent's own. */
  webhookUrl?: string | null;
  webhook?: WebhookOptions;
  /** Passed to the SSRF-safe fetcher (loopback in tests, operators' allow/deny lists). */
  fetch?: Pick<FetchCardOptions, "allowLoopback" | "allow" | "deny" | "resolveHost" | "timeoutMs">;
  /** Where links in webhooks point (PARLEY_BASE_URL); relative links without it. */
  baseUrl?: string | null;
  now?: () => Date;
}

export interface NewAgent {
  url: string;
  profiles: unknown[];
  taskClasses?: string[];
  intervalMinutes?: number;
  webhookUrl?: string;
  /** An Authorization header value for the agent's card (an authenticated extended card). */
  authorization?: string;
  /** Each check also runs the live check that creates nothing (the probe without send). */
  liveCheck?: boolean;
}

export type { LiveCheckResult };

/** The live check's overall limit: a slow or silent agent cannot hold a scheduled check longer. */
const LIVE_CHECK_LIMIT_MS = 30_000;

export interface DecisionRow {
  profile: string;
  taskClass: string;
  outcome: Outcome;
  cardDigest: string;
  checkedAt: string;
}

export interface DecisionEvent {
  id: string;
  at: string;
  profile: string;
  taskClass: string;
  from: Outcome;
  to: Outcome;
  worse: boolean;
  findings: FindingChange[];
  fromDigest: string | null;
  toDigest: string;
}

export interface CheckResult {
  changed: boolean;
  digest: string | null;
  decisions: DecisionRow[];
  events: DecisionEvent[];
  error?: { code: string; message: string };
  live?: LiveCheckResult;
}

interface AgentRow {
  id: string;
  url: string;
  profiles: ClientProfile[];
  task_classes: string[] | null;
  interval_minutes: number;
  webhook_url: string | null;
  credentials: string | null;
  created_at: Date | string;
  next_check_at: Date | string;
  last_checked_at: Date | string | null;
  last_digest: string | null;
  last_error: { code: string; message: string } | null;
  live_check: boolean;
  last_live: LiveCheckResult | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export class Registry {
  private readonly deliveries = new Set<Promise<WebhookResult>>();
  readonly webhookResults: WebhookResult[] = [];

  constructor(
    readonly db: Database,
    private readonly options: RegistryOptions = {},
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async addAgent(input: NewAgent): Promise<{ id: string }> {
    const url = readAgentUrl(input.url);
    if (!Array.isArray(input.profiles) || input.profiles.length === 0) throw new RegistryInputError("badInput", "profiles: give at least one profile (a preset id such as northwind, or a profile object)", "/profiles");
    const profiles = input.profiles.map((p, i) => readProfile(p, `/profiles/${i}`));
    const names = new Set(profiles.map((p) => p.name));
    if (names.size !== profiles.length) throw new RegistryInputError("badInput", "profiles: two profiles share a name", "/profiles");
    let taskClasses: string[] | null = null;
    if (input.taskClasses !== undefined) {
      if (!Array.isArray(input.taskClasses) || input.taskClasses.length === 0) throw new RegistryInputError("badInput", "taskClasses: a non-empty list of task class ids, or leave it out for every built-in class", "/taskClasses");
      input.taskClasses.forEach((id, i) => {
        if (typeof id !== "string" || !BUILT_IN_TASK_CLASS_IDS.includes(id)) throw new RegistryInputError("badInput", `taskClasses/${i}: ${JSON.stringify(id)} is not a task class (${BUILT_IN_TASK_CLASS_IDS.join(", ")})`, `/taskClasses/${i}`);
      });
      taskClasses = [...new Set(input.taskClasses)];
    }
    const interval = input.intervalMinutes ?? 60;
    if (!Number.isInteger(interval) || interval < 1 || interval > 10_080) throw new RegistryInputError("badInput", "intervalMinutes: a whole number of minutes from 1 to 10080 (a week)", "/intervalMinutes");
    const webhookUrl = input.webhookUrl === undefined ? null : readWebhookUrl(input.webhookUrl);
    let credentials: string | null = null;
    if (input.authorization !== undefined) {
      if (typeof input.authorization !== "string" || input.authorization === "" || /[\r\n]/.test(input.authorization)) throw new RegistryInputError("badInput", "authorization: one header value, such as Bearer …", "/authorization");
      if (!this.options.secretKey) throw new RegistryInputError("badInput", "authorization: the registry stores credentials only encrypted; set PARLEY_REGISTRY_KEY (32 bytes, base64) on the server first", "/authorization");
      credentials = sealSecret(this.options.secretKey, input.authorization);
    }
    if (input.liveCheck !== undefined && typeof input.liveCheck !== "boolean") throw new RegistryInputError("badInput", "liveCheck: true to run the live check that creates nothing with each check, or false", "/liveCheck");
    const id = randomUUID();
    await this.db.query(
      "INSERT INTO agents (id, url, profiles, task_classes, interval_minutes, webhook_url, credentials, created_at, next_check_at, live_check) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)",
      [id, url, JSON.stringify(profiles), taskClasses === null ? null : JSON.stringify(taskClasses), interval, webhookUrl, credentials, this.now(), input.liveCheck === true],
    );
    return { id };
  }

  async listAgents() {
    const rows = await this.db.query<AgentRow>("SELECT * FROM agents ORDER BY created_at, id");
    const decisions = await this.db.query<Record<string, string | Date>>("SELECT * FROM decisions ORDER BY profile, task_class");
    return rows.map((row) => this.describeAgent(row, decisions.filter((d) => d.agent_id === row.id)));
  }

  /**
   * One agent with its latest decisions, each with the rules behind it (the findings a team may
   * acknowledge) and the acknowledgements that apply to it, read from the card last checked.
   */
  async getAgent(id: string) {
    const row = await this.findAgent(this.db, id);
    const decisions = await this.db.query<Record<string, string | Date>>("SELECT * FROM decisions WHERE agent_id = $1 ORDER BY profile, task_class", [row.id]);
    const described = this.describeAgent(row, decisions);
    const ackRows = await this.db.query<{ id: string; profile: string; body: unknown; created_at: Date }>("SELECT id, profile, body, created_at FROM acknowledgements WHERE agent_id = $1 ORDER BY id", [row.id]);
    const cardText = row.last_digest ? (await this.db.query<{ text: string }>("SELECT text FROM cards WHERE digest = $1", [row.last_digest]))[0]?.text : undefined;
    const taskClasses = row.task_classes ?? [...BUILT_IN_TASK_CLASS_IDS];
    const detailed = described.decisions.map((d) => ({ ...d, rules: [] as string[], acknowledged: false, acknowledgedRules: [] as string[], expiredRules: [] as string[] }));
    if (cardText !== undefined) {
      for (const profile of row.profiles) {
        const { acknowledgements } = readAcknowledgements(ackRows.filter((a) => a.profile === profile.name).map((a) => a.body));
        const reviewed = review(cardText, profile, { taskClasses });
        const acks = acknowledgeReview(reviewed, acknowledgements, { now: this.now(), cardDigest: row.last_digest! });
        for (const a of acks) {
          const target = detailed.find((d) => d.profile === profile.name && d.taskClass === a.taskClass);
          if (!target) continue;
          target.rules = [...new Set([...a.applied.map((x) => x.invariant), ...a.unacknowledged])];
          target.acknowledged = a.acknowledged && target.outcome !== "not-for-client";
          target.acknowledgedRules = [...new Set(a.applied.map((x) => x.invariant))];
          target.expiredRules = [...new Set(a.expired.map((x) => x.invariant))];
        }
      }
    }
    return {
      ...described,
      // The profiles themselves (no secret in them): the page opens reviews and diffs of stored versions with them.
      profileDefinitions: row.profiles,
      decisions: detailed,
      acknowledgements: ackRows.map((a) => ({ id: String(a.id), profile: a.profile, createdAt: iso(a.created_at), ...(a.body as Acknowledgement) })),
    };
  }

  /** Never the credentials: only whether there are some. */
  private describeAgent(row: AgentRow, decisions: Array<Record<string, string | Date>>) {
    return {
      id: row.id,
      url: row.url,
      profiles: row.profiles.map((p) => p.name),
      taskClasses: row.task_classes ?? [...BUILT_IN_TASK_CLASS_IDS],
      intervalMinutes: row.interval_minutes,
      webhookUrl: row.webhook_url,
      hasCredentials: row.credentials !== null,
      createdAt: iso(row.created_at),
      nextCheckAt: iso(row.next_check_at),
      lastCheckedAt: iso(row.last_checked_at),
      lastError: row.last_error,
      latestDigest: row.last_digest,
      liveCheck: row.live_check,
      lastLiveCheck: row.last_live,
      decisions: decisions.map(toDecisionRow),
    };
  }

  private async findAgent(sql: Sql, id: string, lock = false): Promise<AgentRow> {
    const rows = await sql.query<AgentRow>(`SELECT * FROM agents WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [id]);
    if (!rows[0]) throw new RegistryInputError("notFound", `no agent ${JSON.stringify(id)} in the registry`);
    return rows[0];
  }

  /** Fetches the agent's card now, reviews it and records what changed: one transaction. */
  async checkAgent(id: string, scheduled = false): Promise<CheckResult> {
    const agent = await this.findAgent(this.db, id);
    const authorization = agent.credentials && this.options.secretKey ? openSecret(this.options.secretKey, agent.credentials) : undefined;
    let text: string;
    try {
      const fetched = await fetchCard(agent.url, { ...this.options.fetch, ...(authorization ? { authorization } : {}) });
      text = fetched.text;
    } catch (error) {
      const failure = error instanceof CardFetchError ? { code: error.code, message: error.message } : { code: "internal", message: "the check failed" };
      const at = this.now();
      await this.db.transaction(async (tx) => {
        await tx.query("INSERT INTO checks (agent_id, checked_at, error, scheduled) VALUES ($1, $2, $3, $4)", [id, at, JSON.stringify(failure), scheduled]);
        await tx.query("UPDATE agents SET last_checked_at = $2, last_error = $3 WHERE id = $1", [id, at, JSON.stringify(failure)]);
      });
      const decisions = (await this.db.query<Record<string, string | Date>>("SELECT * FROM decisions WHERE agent_id = $1 ORDER BY profile, task_class", [id])).map(toDecisionRow);
      return { changed: false, digest: agent.last_digest, decisions, events: [], error: failure };
    }
    const digest = digestCardText(text);
    const taskClasses = agent.task_classes ?? [...BUILT_IN_TASK_CLASS_IDS];
    // The live check talks to the agent: before the transaction, never inside it.
    const live = agent.live_check ? await this.liveCheck(agent, taskClasses, authorization) : undefined;
    const at = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      // The agent's row is locked: two checks of one agent at once record its changes once.
      const locked = await this.findAgent(tx, id, true);
      const previous = locked.last_digest;
      const prevText = previous && previous !== digest ? (await tx.query<{ text: string }>("SELECT text FROM cards WHERE digest = $1", [previous]))[0]?.text : undefined;
      const prevDecisions = (await tx.query<Record<string, string | Date>>("SELECT * FROM decisions WHERE agent_id = $1", [id])).map(toDecisionRow);
      const diff = prevText !== undefined ? diffCards(prevText, text, locked.profiles, { taskClasses }) : undefined;
      const decisions: DecisionRow[] = [];
      for (const profile of locked.profiles) {
        const reviewed = diff?.reviews.find((r) => r.profile === profile.name)?.after ?? review(text, profile, { taskClasses });
        for (const d of reviewed.decisions) decisions.push({ profile: profile.name, taskClass: d.taskClass, outcome: outcomeOf(d), cardDigest: digest, checkedAt: at.toISOString() });
      }
      const events: Omit<DecisionEvent, "id">[] = [];
      for (const d of decisions) {
        const before = prevDecisions.find((p) => p.profile === d.profile && p.taskClass === d.taskClass);
        if (!before || before.outcome === d.outcome) continue;
        const change = diff?.decisionChanges.find((c) => c.profile === d.profile && c.taskClass === d.taskClass);
        events.push({ at: at.toISOString(), profile: d.profile, taskClass: d.taskClass, from: before.outcome, to: d.outcome, worse: change?.worse ?? rankWorse(before.outcome, d.outcome), findings: change?.findings ?? [], fromDigest: previous, toDigest: digest });
      }
      await tx.query("INSERT INTO cards (digest, text) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING", [digest, text]);
      await tx.query(
        "INSERT INTO card_versions (agent_id, digest, first_seen, last_seen) VALUES ($1, $2, $3, $3) ON CONFLICT (agent_id, digest) DO UPDATE SET last_seen = EXCLUDED.last_seen",
        [id, digest, at],
      );
      const changed = previous !== digest;
      await tx.query("INSERT INTO checks (agent_id, checked_at, digest, changed, scheduled, live) VALUES ($1, $2, $3, $4, $5, $6)", [id, at, digest, changed, scheduled, live ? JSON.stringify(live) : null]);
      await tx.query("DELETE FROM decisions WHERE agent_id = $1", [id]);
      for (const d of decisions) {
        await tx.query("INSERT INTO decisions (agent_id, profile, task_class, outcome, card_digest, checked_at) VALUES ($1, $2, $3, $4, $5, $6)", [id, d.profile, d.taskClass, d.outcome, digest, at]);
      }
      const stored: DecisionEvent[] = [];
      for (const e of events) {
        const [row] = await tx.query<{ id: string }>(
          "INSERT INTO events (agent_id, at, profile, task_class, from_outcome, to_outcome, worse, findings, from_digest, to_digest) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
          [id, at, e.profile, e.taskClass, e.from, e.to, e.worse, JSON.stringify(e.findings), e.fromDigest, e.toDigest],
        );
        stored.push({ id: String(row!.id), ...e });
      }
      await tx.query("UPDATE agents SET last_checked_at = $2, last_digest = $3, last_error = NULL WHERE id = $1", [id, at, digest]);
      if (live) await tx.query("UPDATE agents SET last_live = $2 WHERE id = $1", [id, JSON.stringify(live)]);
      return { changed, digest, decisions, events: stored, fieldChanges: diff?.fieldChanges ?? [] };
    });
    if (outcome.events.length > 0) this.alert(agent, outcome.events, outcome.fieldChanges);
    return { changed: outcome.changed, digest: outcome.digest, decisions: outcome.decisions, events: outcome.events, ...(live ? { live } : {}) };
  }

  /**
   * The probe without send: calls that create nothing on the agent (card as the SDK reads it,
   * task reads of an id that does not exist, push config reads), through the SSRF-safe fetcher with
   * the registry's rules. Its wire findings do not depend on the profile, so the first one is used.
   */
  private async liveCheck(agent: AgentRow, taskClasses: string[], authorization: string | undefined): Promise<LiveCheckResult> {
    const at = this.now().toISOString();
    const fetchRules = this.options.fetch ?? {};
    try {
      const report = await probeAgent({
        card: { url: agent.url },
        profile: agent.profiles[0]!,
        taskClasses: BUILT_IN_TASK_CLASSES.filter((t) => taskClasses.includes(t.id)),
        ...(fetchRules.allowLoopback !== undefined ? { allowLoopback: fetchRules.allowLoopback } : {}),
        ...(fetchRules.allow ? { allow: fetchRules.allow } : {}),
        ...(fetchRules.deny ? { deny: fetchRules.deny } : {}),
        ...(fetchRules.resolveHost ? { resolveHost: fetchRules.resolveHost } : {}),
        ...(authorization ? { headers: [["authorization", authorization]] as const } : {}),
        signal: AbortSignal.timeout(LIVE_CHECK_LIMIT_MS),
        surface: "cli",
      });
      if (report.sent) throw new Error("the registry's live check must never send");
      return { at, wire: report.wire ?? [], contradictions: report.contradictions };
    } catch (error) {
      return { at, wire: [], contradictions: [], error: error instanceof Error ? error.message.slice(0, 500) : "the live check failed" };
    }
  }

  /** Starts the webhook calls for a check's events; they run on their own, never awaited by the check. */
  private alert(agent: AgentRow, events: DecisionEvent[], fieldChanges: FieldChange[]): void {
    const urls = [...new Set([this.options.webhookUrl, agent.webhook_url].filter((u): u is string => !!u))];
    if (urls.length === 0) return;
    const worse = events.filter((e) => e.worse).length;
    const summary = `${agent.url}: ${events.length} decision${events.length === 1 ? "" : "s"} changed${worse ? `, ${worse} worse` : ""} (${events.map((e) => `${e.profile} / ${e.taskClass}: ${e.from} → ${e.to}`).join("; ")})`;
    const base = this.options.baseUrl ?? "";
    const payload = {
      summary,
      agent: { id: agent.id, url: agent.url },
      events,
      diff: { from: events[0]!.fromDigest, to: events[0]!.toDigest, fieldChanges: fieldChanges.slice(0, 100) },
      link: `${base}/registry?agent=${encodeURIComponent(agent.id)}`,
    };
    for (const url of urls) {
      const delivery = deliverWebhook(url, payload, this.options.webhook).then((result) => {
        this.webhookResults.push(result);
        if (!result.ok) console.warn(`parley: registry webhook for agent ${agent.id} failed after ${result.attempts} attempts (${result.last})`);
        return result;
      });
      this.deliveries.add(delivery);
      void delivery.finally(() => this.deliveries.delete(delivery));
    }
  }

  /** Waits for the webhook calls under way (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  async history(id: string) {
    await this.findAgent(this.db, id);
    const versions = await this.db.query<{ digest: string; first_seen: Date; last_seen: Date }>("SELECT digest, first_seen, last_seen FROM card_versions WHERE agent_id = $1 ORDER BY first_seen, digest", [id]);
    const events = await this.db.query<Record<string, unknown>>("SELECT * FROM events WHERE agent_id = $1 ORDER BY at, id", [id]);
    return {
      versions: versions.map((v) => ({ digest: v.digest, firstSeen: iso(v.first_seen), lastSeen: iso(v.last_seen) })),
      events: events.map((e) => ({
        id: String(e.id),
        at: iso(e.at as Date),
        profile: e.profile,
        taskClass: e.task_class,
        from: e.from_outcome,
        to: e.to_outcome,
        worse: e.worse,
        findings: e.findings,
        fromDigest: e.from_digest,
        toDigest: e.to_digest,
      })),
    };
  }

  /**
   * A stored card version by digest (what /explain looks a decision record's card up by): its text,
   * and where it was seen — each agent that served it, with first and last seen, and whether it is
   * still that agent's latest card.
   */
  async getCard(digest: string) {
    const rows = await this.db.query<{ text: string }>("SELECT text FROM cards WHERE digest = $1", [digest]);
    if (!rows[0]) throw new RegistryInputError("notFound", `no card with digest ${JSON.stringify(digest)} in the registry`);
    const seen = await this.db.query<{ agent_id: string; url: string; first_seen: Date; last_seen: Date; last_digest: string | null }>(
      "SELECT v.agent_id, a.url, v.first_seen, v.last_seen, a.last_digest FROM card_versions v JOIN agents a ON a.id = v.agent_id WHERE v.digest = $1 ORDER BY v.first_seen, v.agent_id",
      [digest],
    );
    return {
      digest,
      text: rows[0].text,
      agents: seen.map((s) => s.agent_id),
      seenBy: seen.map((s) => ({ agent: s.agent_id, url: s.url, firstSeen: iso(s.first_seen), lastSeen: iso(s.last_seen), latest: s.last_digest === digest })),
    };
  }

  /**
   * Every watched agent's latest card and every profile they are held to (one per name), for
   * /triage. Agents never checked have no card yet and are left out (counted).
   */
  async triageSet() {
    const rows = await this.db.query<{ id: string; url: string; profiles: ClientProfile[]; last_digest: string | null; text: string | null }>(
      "SELECT a.id, a.url, a.profiles, a.last_digest, c.text FROM agents a LEFT JOIN cards c ON c.digest = a.last_digest ORDER BY a.created_at, a.id",
    );
    const profiles = new Map<string, ClientProfile>();
    for (const row of rows) for (const p of row.profiles) if (!profiles.has(p.name)) profiles.set(p.name, p);
    const checked = rows.filter((r) => r.last_digest !== null && r.text !== null);
    return {
      cards: checked.map((r) => ({ agent: r.id, url: r.url, digest: r.last_digest!, text: r.text! })),
      profiles: [...profiles.values()],
      uncheckedAgents: rows.length - checked.length,
    };
  }

  /** Can this profile do these task classes against this agent, on the card last checked? */
  async canIDeploy(query: { agent: string; profile: string; taskClasses: string[] }) {
    const agent = await this.findAgentByIdOrUrl(query.agent);
    const profile = agent.profiles.find((p) => p.name === query.profile || findPreset(query.profile)?.name === p.name);
    if (!profile) throw new RegistryInputError("badInput", `profile: the agent is held to ${agent.profiles.map((p) => JSON.stringify(p.name)).join(", ")}, not ${JSON.stringify(query.profile)}`, "/profile");
    const watched = agent.task_classes ?? [...BUILT_IN_TASK_CLASS_IDS];
    const classes = query.taskClasses.length > 0 ? query.taskClasses : watched;
    for (const c of classes) if (!watched.includes(c)) throw new RegistryInputError("badInput", `taskClass: the agent is not watched for ${JSON.stringify(c)} (it is for ${watched.join(", ")})`, "/taskClass");
    const rows = (await this.db.query<Record<string, string | Date>>("SELECT * FROM decisions WHERE agent_id = $1 AND profile = $2", [agent.id, profile.name])).map(toDecisionRow);
    if (agent.last_digest === null || rows.length === 0) {
      return { ok: false, agent: agent.id, profile: profile.name, decision: null, decisions: [], cardDigest: null, checkedAt: null, reason: "the agent has not been checked yet: POST /api/v1/agents/{id}/check" };
    }
    // Acknowledgements for this agent × profile: a class whose decision rests only on acknowledged
    // findings counts as a yes, and says so; the card it rests on is reviewed again to know that.
    const bodies = await this.db.query<{ body: unknown }>("SELECT body FROM acknowledgements WHERE agent_id = $1 AND profile = $2 ORDER BY id", [agent.id, profile.name]);
    const { acknowledgements } = readAcknowledgements(bodies.map((b) => b.body));
    const cardText = (await this.db.query<{ text: string }>("SELECT text FROM cards WHERE digest = $1", [agent.last_digest]))[0]?.text ?? "";
    const acknowledged = acknowledgements.length > 0 ? acknowledgeReview(review(cardText, profile, { taskClasses: classes }), acknowledgements, { now: this.now(), cardDigest: agent.last_digest }) : [];
    const decisions = classes.map((c) => {
      const row = rows.find((r) => r.taskClass === c);
      const outcome: Outcome | "unchecked" = row?.outcome ?? "unchecked";
      const ack = acknowledged.find((a) => a.taskClass === c);
      const isAcknowledged = ack?.acknowledged === true && outcome !== "not-for-client";
      return {
        taskClass: c,
        decision: outcome,
        ok: outcome === "accept" || outcome === "accept-degraded" || isAcknowledged,
        acknowledged: isAcknowledged,
        ...(ack && ack.applied.length > 0 ? { acknowledgements: ack.applied.map((a) => a.acknowledgement) } : {}),
        ...(ack && ack.expired.length > 0 ? { expiredAcknowledgements: ack.expired.map((a) => a.acknowledgement) } : {}),
      };
    });
    const ok = decisions.every((d) => d.ok);
    const worst = decisions.find((d) => !d.ok) ?? decisions.find((d) => d.acknowledged) ?? decisions[0]!;
    return { ok, agent: agent.id, profile: profile.name, decision: worst.decision, decisions, cardDigest: agent.last_digest, checkedAt: iso(agent.last_checked_at) };
  }

  private async findAgentByIdOrUrl(key: string): Promise<AgentRow> {
    const rows = await this.db.query<AgentRow>("SELECT * FROM agents WHERE id = $1 OR url = $1 ORDER BY created_at LIMIT 2", [key]);
    if (rows.length === 0) throw new RegistryInputError("notFound", `no agent ${JSON.stringify(key)} in the registry (give its id or the URL it was registered with)`);
    return rows[0]!;
  }

  /**
   * Takes one due check, if any, and runs it. The claim is an UPDATE of a row locked with FOR UPDATE
   * SKIP LOCKED that moves its next check on: an instance that asks at the same time skips the row
   * and, once the claim commits, no longer finds it due. So a scheduled check runs once, not once
   * per instance.
   */
  async runOneDueCheck(): Promise<{ agent: string; result: CheckResult } | null> {
    const now = this.now();
    const claimed = await this.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `UPDATE agents SET next_check_at = $1::timestamptz + make_interval(mins => interval_minutes)
         WHERE id = (SELECT id FROM agents WHERE next_check_at <= $1 ORDER BY next_check_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [now],
      );
      return rows[0]?.id ?? null;
    });
    if (claimed === null) return null;
    return { agent: claimed, result: await this.checkAgent(claimed, true) };
  }

  /** Runs every check due now (a scheduler tick); returns the agents it checked. */
  async runDueChecks(limit = 1000): Promise<string[]> {
    const done: string[] = [];
    for (let i = 0; i < limit; i++) {
      const one = await this.runOneDueCheck();
      if (!one) break;
      done.push(one.agent);
    }
    return done;
  }

  async addAcknowledgement(input: { agent: string; profile: string; acknowledgement: unknown }) {
    const agent = await this.findAgentByIdOrUrl(input.agent);
    const profile = agent.profiles.find((p) => p.name === input.profile || findPreset(input.profile)?.name === p.name);
    if (!profile) throw new RegistryInputError("badInput", `profile: the agent is held to ${agent.profiles.map((p) => JSON.stringify(p.name)).join(", ")}, not ${JSON.stringify(input.profile)}`, "/profile");
    const reading = readAcknowledgements([input.acknowledgement]);
    const problem = reading.problems[0];
    if (problem || reading.acknowledgements.length !== 1) {
      throw new RegistryInputError("badInput", problem ? explainAcknowledgementProblem({ ...problem, pointer: problem.pointer.replace(/^\/0/, "") }) : "acknowledgement: {invariant, reason, taskClass?, by?, until?, card?}", problem?.pointer.replace(/^\/0/, "") ?? "");
    }
    const [row] = await this.db.query<{ id: string }>("INSERT INTO acknowledgements (agent_id, profile, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id", [agent.id, profile.name, JSON.stringify(reading.acknowledgements[0]), this.now()]);
    return { id: String(row!.id) };
  }
}

function toDecisionRow(d: Record<string, string | Date>): DecisionRow {
  return { profile: d.profile as string, taskClass: d.task_class as string, outcome: d.outcome as Outcome, cardDigest: d.card_digest as string, checkedAt: iso(d.checked_at!)! };
}

const RANK: Record<Outcome, number> = { "not-for-client": -1, accept: 0, "accept-degraded": 1, defer: 2, escalate: 3, reject: 4 };
function rankWorse(from: Outcome, to: Outcome): boolean {
  return RANK[to] > RANK[from];
}

function readAgentUrl(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw new RegistryInputError("badInput", "url: the agent's address (https://…), where its card is discovered", "/url");
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new RegistryInputError("badInput", `url: ${JSON.stringify(value.slice(0, 200))} is not a URL`, "/url");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new RegistryInputError("badInput", "url: only http and https agents are watched", "/url");
  if (url.username || url.password) throw new RegistryInputError("badInput", "url: no user name or password in the URL; give credentials as authorization", "/url");
  return url.toString();
}

function readWebhookUrl(value: unknown): string {
  if (typeof value !== "string") throw new RegistryInputError("badInput", "webhookUrl: an http(s) URL", "/webhookUrl");
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return url.toString();
  } catch {
    // falls through to the error below
  }
  throw new RegistryInputError("badInput", "webhookUrl: an http(s) URL", "/webhookUrl");
}

function readProfile(value: unknown, pointer: string): ClientProfile {
  if (typeof value === "string") {
    const preset = findPreset(value);
    if (!preset) throw new RegistryInputError("badInput", `${pointer.slice(1)}: ${JSON.stringify(value)} is not a preset; give a preset id or a profile object`, pointer);
    return preset;
  }
  const parsed = ClientProfile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue ? `${pointer}/${issue.path.join("/")}`.replace(/\/$/, "") : pointer;
    throw new RegistryInputError("badInput", `${at.slice(1)}: the profile does not read: ${issue?.message ?? "invalid"}`, at);
  }
  return parsed.data;
}
