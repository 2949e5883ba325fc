/**
 * The tools `parley mcp` offers: each one is a CLI command run in-process with `--format json`, so
 * an MCP client gets exactly the JSON the CLI prints (explain-record, which has no CLI command,
 * answers with the engine's own reading and explanation of each line). The input schemas are
 * written out as JSON Schemas, the form MCP clients show and validate; `toArgv` turns checked
 * arguments into the command's argv, always as `--flag=value` (and `--` before diff's cards) so no
 * value can be read as a flag.
 */

export interface ToolInput {
  [key: string]: unknown;
}

/** What a tool needs written to a private temporary file first (a card or profile given inline). */
export interface InlineFile {
  name: string;
  text: string;
}

export interface ToolPlan {
  /** The CLI command's argv; undefined for a tool the CLI has no command for. */
  argv?: string[];
  files: InlineFile[];
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[]; additionalProperties: false };
  /** `dir` is where inline files will be written; the argv names them there. */
  plan: (input: ToolInput, dir: string) => ToolPlan;
}

/** A tool argument that cannot be used: answered as a tool error naming the argument. */
export class ToolInputError extends Error {}

const CARD_SPEC = {
  type: "string",
  description: "The Agent Card: a file path (relative to the server's working directory), an http(s) URL (a base URL discovers /.well-known/agent-card.json), or a built-in example as example:ID.",
};
const CARD_INLINE = {
  description: "The Agent Card itself, as a JSON object or as its text, instead of `card`.",
  type: ["object", "string"],
};
const PROFILE = {
  description: "The client profile: a preset name (e.g. northwind), a profile file path, or the profile as a JSON object.",
  type: ["string", "object"],
};
const TASK_CLASSES = {
  type: "array",
  items: { type: "string" },
  description: "Built-in task class ids to decide (default: all): request-response, live-input, async-completion, streamed-output and the others `parley check --help` lists.",
};

function text(input: ToolInput, key: string): string | undefined {
  const value = input[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "") throw new ToolInputError(`${key} must be a non-empty string.`);
  return value;
}

function stringList(input: ToolInput, key: string): string[] {
  const value = input[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string" || v === "")) throw new ToolInputError(`${key} must be an array of non-empty strings.`);
  return value as string[];
}

function inlineText(value: unknown, key: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  throw new ToolInputError(`${key} must be a JSON object or its text.`);
}

/** `card` or `cardJson` (exactly one) → the spec to pass, writing an inline card to a file. */
function cardSpec(input: ToolInput, specKey: string, inlineKey: string, dir: string, files: InlineFile[]): string {
  const spec = text(input, specKey);
  const inline = input[inlineKey];
  if ((spec === undefined) === (inline === undefined)) throw new ToolInputError(`give exactly one of ${specKey} and ${inlineKey}.`);
  if (spec !== undefined) return spec;
  const name = `${inlineKey}.json`;
  files.push({ name, text: inlineText(inline, inlineKey) });
  return `${dir}/${name}`;
}

function profileSpec(value: unknown, key: string, dir: string, files: InlineFile[]): string {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const name = `${key}-${files.length}.json`;
    files.push({ name, text: JSON.stringify(value) });
    return `${dir}/${name}`;
  }
  throw new ToolInputError(`${key} must be a preset name, a file path or a profile object.`);
}

const HEADERS = {
  type: "object",
  description:
    'Headers sent with every call to the card\'s origin (e.g. {"Authorization": "Bearer …"}), as the CLI\'s repeatable --header "Name: value": for an agent behind auth. Their values are never echoed: an answer that would carry one shows [redacted].',
  propertyNames: { pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" },
  additionalProperties: { type: "string", pattern: "^[^\\r\\n\\u0000]*$" },
  maxProperties: 20,
};

/** `headers` → `--header=Name: value` flags, checked as the CLI checks them (the value itself never quoted back). */
function headerFlags(input: ToolInput): string[] {
  const value = input.headers;
  if (value === undefined) return [];
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ToolInputError('headers must be an object of header names and values, e.g. {"Authorization": "Bearer …"}.');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 20) throw new ToolInputError(`headers holds ${entries.length} headers; at most 20.`);
  return entries.map(([name, v]) => {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new ToolInputError(`headers: ${JSON.stringify(name.slice(0, 60))} is not a header name (letters, digits and !#$%&'*+.^_\`|~- only).`);
    if (typeof v !== "string" || /[\r\n\0]/.test(v)) throw new ToolInputError(`headers: the value of ${name} must be a string on one line.`);
    return `--header=${name}: ${v}`;
  });
}

/** The header values a call carries: the server takes them out of anything it answers. */
export function headerSecrets(input: ToolInput): string[] {
  const value = input.headers;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  return Object.values(value as Record<string, unknown>).filter((v): v is string => typeof v === "string");
}

const taskClassFlags = (input: ToolInput) => stringList(input, "taskClasses").map((id) => `--task-class=${id}`);

export const TOOLS: ToolDefinition[] = [
  {
    name: "review",
    title: "Review an Agent Card for a client profile",
    description:
      "Decides, per task class, whether a client with this profile can complete that kind of task against the agent the card describes (accept, accept-degraded, reject, escalate, defer), with the findings behind each decision. The same JSON as `parley check --format json`; exitCode 1 means a task class is at or past failOn.",
    inputSchema: {
      type: "object",
      properties: {
        card: CARD_SPEC,
        cardJson: CARD_INLINE,
        profile: PROFILE,
        taskClasses: TASK_CLASSES,
        skill: { type: "string", description: "Aim every task class at this skill of the card (its own modes and security apply)." },
        failOn: { type: "string", description: "The mildest decision that fails (exitCode 1): reject (default), escalate or defer; add ,not-for-client to fail on classes the client itself cannot perform." },
      },
      required: ["profile"],
      additionalProperties: false,
    },
    plan(input, dir) {
      const files: InlineFile[] = [];
      const card = cardSpec(input, "card", "cardJson", dir, files);
      const profile = profileSpec(input.profile, "profile", dir, files);
      const argv = ["check", `--card=${card}`, `--profile=${profile}`, ...taskClassFlags(input), "--format=json"];
      const skill = text(input, "skill");
      if (skill !== undefined) argv.push(`--skill=${skill}`);
      const failOn = text(input, "failOn");
      if (failOn !== undefined) argv.push(`--fail-on=${failOn}`);
      return { argv, files };
    },
  },
  {
    name: "lint",
    title: "Lint an Agent Card with no client profile",
    description:
      "Checks a card on its own: validity errors and warnings (what real SDKs trip on), signatures, and every preset's decision per built-in task class; for a card fetched by URL, also what its interfaces answer to calls that create nothing. The same JSON as `parley lint --format json`.",
    inputSchema: {
      type: "object",
      properties: {
        card: CARD_SPEC,
        cardJson: CARD_INLINE,
        live: { type: "boolean", description: "Ask the card's interfaces (calls that create nothing). Default: only for a card fetched by URL." },
        headers: { ...HEADERS, description: `${HEADERS.description} Only with the live check (a card URL, or live: true).` },
        failOn: { type: "string", enum: ["error", "warning"], description: "error (default) or warning: what makes exitCode 1." },
      },
      additionalProperties: false,
    },
    plan(input, dir) {
      const files: InlineFile[] = [];
      const card = cardSpec(input, "card", "cardJson", dir, files);
      const argv = ["lint", `--card=${card}`, "--format=json"];
      if (input.live !== undefined) {
        if (typeof input.live !== "boolean") throw new ToolInputError("live must be true or false.");
        argv.push(input.live ? "--live" : "--no-live");
      }
      argv.push(...headerFlags(input));
      const failOn = text(input, "failOn");
      if (failOn !== undefined) argv.push(`--fail-on=${failOn}`);
      return { argv, files };
    },
  },
  {
    name: "diff",
    title: "Compare two versions of an Agent Card",
    description:
      "The fields that changed between two versions of a card and the decisions they move, for each profile, the ones that got worse first. The same JSON as `parley diff --format json`; exitCode 1 means a decision got worse.",
    inputSchema: {
      type: "object",
      properties: {
        old: { ...CARD_SPEC, description: "The old version: " + CARD_SPEC.description },
        oldJson: { ...CARD_INLINE, description: "The old version itself, instead of `old`." },
        new: { ...CARD_SPEC, description: "The new version: " + CARD_SPEC.description },
        newJson: { ...CARD_INLINE, description: "The new version itself, instead of `new`." },
        profiles: { type: "array", items: PROFILE, minItems: 1, description: "The client profiles to decide for (presets, files or objects)." },
        taskClasses: TASK_CLASSES,
      },
      required: ["profiles"],
      additionalProperties: false,
    },
    plan(input, dir) {
      const files: InlineFile[] = [];
      const before = cardSpec(input, "old", "oldJson", dir, files);
      const after = cardSpec(input, "new", "newJson", dir, files);
      if (!Array.isArray(input.profiles) || input.profiles.length === 0) throw new ToolInputError("profiles must be a non-empty array.");
      const profiles = input.profiles.map((p) => `--profile=${profileSpec(p, "profiles", dir, files)}`);
      return { argv: ["diff", ...profiles, ...taskClassFlags(input), "--format=json", "--", before, after], files };
    },
  },
  {
    name: "explain-record",
    title: "Explain decision records and log lines",
    description:
      "Reads pasted log text — Parley decision records (one line or laid out over several), UnnegotiableAgentCardError messages, lines naming a rule — and explains each entry: what it is, the rules involved, what it means and what would change it. The reading the /explain page shows, as JSON.",
    inputSchema: {
      type: "object",
      properties: { text: { type: "string", description: "The log text: one or more lines." } },
      required: ["text"],
      additionalProperties: false,
    },
    plan(input) {
      if (typeof input.text !== "string") throw new ToolInputError("text must be a string.");
      return { files: [] };
    },
  },
  {
    name: "probe",
    title: "Check a card's claims against the live agent, creating nothing",
    description:
      "Fetches the card and asks each declared interface one call that creates nothing (GetTask of an id no task has), plus the streaming and push claims, with the @a2a-js/sdk client; beside each task class, Parley's prediction. Never sends a task. The same JSON as `parley probe --format json`.",
    inputSchema: {
      type: "object",
      properties: {
        card: { type: "string", description: "The card's http(s) URL, or a card file whose interfaces are asked." },
        profile: PROFILE,
        taskClasses: TASK_CLASSES,
        headers: HEADERS,
      },
      required: ["card", "profile"],
      additionalProperties: false,
    },
    plan(input, dir) {
      const files: InlineFile[] = [];
      const card = text(input, "card");
      if (card === undefined) throw new ToolInputError("card is required.");
      const profile = profileSpec(input.profile, "profile", dir, files);
      return { argv: ["probe", `--card=${card}`, `--profile=${profile}`, ...taskClassFlags(input), ...headerFlags(input), "--format=json"], files };
    },
  },
];
