import type { MessageData, MessageValue } from "../invariants/types";

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

export function renderTemplate(
  template: string,
  data: MessageData,
  options: { strict?: boolean } = {},
): string {
  const strict = options.strict ?? STRICT_BY_DEFAULT;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(data, name) || data[name] === undefined) {
      if (strict) throw new UnfilledPlaceholderError(template, name);
      return whole;
    }
    return formatValue(data[name]);
  });
}

/** Placeholder names a template uses: the registry test checks them against what checks emit. */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}
