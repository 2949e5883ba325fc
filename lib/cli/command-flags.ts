import { readBaseUrlSetting, SettingsError } from "../settings";
import { type CliIo, UsageError } from "./io";

/** The report formats of the commands that judge one card (check, lint). */
export const REPORT_FORMATS = ["text", "json", "sarif", "junit", "markdown", "github", "gitlab"] as const;

/** `--format`: one of the command's formats (text when absent), or a usage error naming them. */
export function readFormat<const F extends readonly string[]>(command: string, value: string | undefined, formats: F): F[number] {
  const format = value ?? "text";
  if (!(formats as readonly string[]).includes(format)) throw new UsageError(`${command}: --format must be one of ${formats.join(", ")}, not "${format}".`, true);
  return format;
}

/** The instance's PARLEY_BASE_URL (the server's own setting), or a usage error saying what is wrong with it. */
export function baseUrlFromEnv(env: CliIo["env"], command = "check"): string | undefined {
  try {
    return readBaseUrlSetting(env) ?? undefined;
  } catch (error) {
    if (error instanceof SettingsError) throw new UsageError(`${command}: ${error.problems.join("; ")} (or pass ${command === "check" ? "--link-base and " : ""}--docs-base).`, true);
    throw error;
  }
}

/** `--docs-base URL`: where the rule pages live, for absolute links in SARIF (an http(s) URL). */
export function parseDocsBase(value: string | undefined, command = "check"): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    // Rule pages go after the path: a query or fragment would swallow them, and credentials do not belong in a report.
    if ((url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password && !url.search && !url.hash) return url.href;
  } catch {
    // worded below
  }
  throw new UsageError(`${command}: --docs-base must be an absolute http(s) URL of the Parley app, without credentials, query or fragment, not "${value}".`, true);
}

/** The rule pages' base: `--docs-base`, else the instance's base URL (given, or read from the environment). */
export function docsBaseOf(command: string, value: string | undefined, envBase: string | undefined): string | undefined {
  const base = parseDocsBase(value, command);
  if (base !== undefined) return base;
  return envBase === undefined ? undefined : `${envBase}/`;
}

/**
 * `--header "Name: value"`… for the commands that call an agent (probe, lint's live check), parsed
 * as the probe's transport sends them; loaded only when a header is given. A header's value is a
 * credential: the message names the flag's position, never its text.
 */
export async function readHeaderFlags(command: string, texts: readonly string[] | undefined): Promise<Array<readonly [string, string]>> {
  if (!texts?.length) return [];
  const { parseHeaderFlag } = await import("../probe/transport-fetch");
  return texts.map((text, i) => {
    const header = parseHeaderFlag(text);
    if (!header) throw new UsageError(`${command}: --header number ${i + 1} is not "Name: value" (a header name, a colon, a value on one line).`, true);
    return header;
  });
}
