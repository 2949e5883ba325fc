import type { MessageData, MessageValue } from "../invariants/types";
import { rememberBounded } from "../bounded-memo";

/**
 * `{{name}}` templates filled from message data. Lists render as "a, b and c". An unfilled
 * placeholder is a bug (a message id emitted without the data its template needs): under test it
 * throws so the table tests catch it; in the app it stays visible as `{{name}}` rather than
 * breaking a render.
 */
export class UnfilledPlaceholderError extends Error {
  constructor(
    readonly template: string,
    readonly placeholder: string,
  ) {
    super(`template placeholder {{${placeholder}}} has no data: ${template}`);
    this.name = "UnfilledPlaceholderError";
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function isTestRun(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.VITEST !== undefined || env?.NODE_ENV === "test";
}

const STRICT_BY_DEFAULT = isTestRun();

export function formatList(items: readonly string[], empty = "none"): string {
  if (items.length === 0) return empty;
  if (items.length === 1) return items[0] as string;
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function formatValue(value: MessageValue | undefined | null): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return formatList(value);
  return String(value);
}

/** A template split once into its text (even indexes) and placeholders (odd: name and the text as written). */
type Parts = Array<string | { name: string; whole: string }>;

/**
 * Templates are a few hundred fixed strings, rendered for every finding of every review (a batch
 * renders millions): each is split at its placeholders once, so rendering is concatenation
 * rather than a regular-expression replace with a callback. Bounded in case a caller renders
 * templates built at run time.
 */
const PARTS = new Map<string, Parts>();
const MAX_CACHED_TEMPLATES = 2000;

function partsOf(template: string): Parts {
  let parts = PARTS.get(template);
  if (parts) return parts;
  parts = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    parts.push(template.slice(last, match.index), { name: match[1] as string, whole: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return rememberBounded(PARTS, MAX_CACHED_TEMPLATES, template, parts);
}

export function renderTemplate(
  template: string,
  data: MessageData,
  options: { strict?: boolean } = {},
): string {
  const parts = partsOf(template);
  if (parts.length === 1) return template;
  return fill(template, parts, data, undefined, undefined, options.strict ?? STRICT_BY_DEFAULT);
}

const hasOwn = (data: MessageData, name: string) => Object.prototype.hasOwnProperty.call(data, name);

/**
 * renderTemplate over data in layers, as if filled from `{ ...under, ...data, ...over }` but without
 * building that object: a placeholder takes its value from the first layer (over, data, under) that
 * has the name as its own, even when that value is undefined, exactly as the spread would (speed:
 * bench/cases/batch-throughput.ts).
 */
export function renderTemplateLayered(
  template: string,
  data: MessageData,
  over: MessageData | undefined,
  under: MessageData | undefined,
  options: { strict?: boolean } = {},
): string {
  const parts = partsOf(template);
  if (parts.length === 1) return template;
  return fill(template, parts, data, over, under, options.strict ?? STRICT_BY_DEFAULT);
}

function fill(template: string, parts: Parts, data: MessageData, over: MessageData | undefined, under: MessageData | undefined, strict: boolean): string {
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const { name, whole } = parts[i] as { name: string; whole: string };
    const layer = over !== undefined && hasOwn(over, name) ? over : under === undefined || hasOwn(data, name) ? data : under;
    if (!hasOwn(layer, name) || layer[name] === undefined) {
      if (strict) throw new UnfilledPlaceholderError(template, name);
      out += whole;
    } else {
      out += formatValue(layer[name]);
    }
    out += parts[i + 1] as string;
  }
  return out;
}

/** Placeholder names a template uses: the registry test checks them against what checks emit. */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}
