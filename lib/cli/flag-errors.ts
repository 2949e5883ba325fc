import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./io";

/** A command's flags, as node:util parseArgs takes them. */
export type FlagOptions = NonNullable<ParseArgsConfig["options"]>;

/** Runs a command's parseArgs: what it throws (an unknown flag, a stray argument) is a usage error (exit 2). */
export function parseFlags<T>(command: string, options: FlagOptions, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw flagError(command, e, options);
  }
}

/**
 * A command's flags and positionals, strictly: an unknown flag or a stray argument is a usage error
 * (see flagError), and so is a single-value flag given twice (`--profile a --profile b`): "the last
 * wins" hides a mistake in a long CI command line. Repeatable flags say `multiple: true`.
 */
export function parseCommandFlags<const O extends FlagOptions>(
  command: string,
  argv: string[],
  options: O,
  opts: { allowPositionals?: boolean; positional?: (argument: string) => string } = {},
) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: opts.allowPositionals ?? false, options, tokens: true });
  } catch (e) {
    throw flagError(command, e, options, opts.positional);
  }
  rejectRepeatedFlags(command, parsed.tokens, options);
  return { values: parsed.values, positionals: parsed.positionals };
}

/** A flag that takes one value, given more than once: a usage error naming both values. */
export function rejectRepeatedFlags(command: string, tokens: ReadonlyArray<{ kind: string; name?: string; value?: string }>, options: FlagOptions): void {
  const seen = new Map<string, string | undefined>();
  for (const token of tokens) {
    if (token.kind !== "option" || token.name === undefined) continue;
    const option = options[token.name];
    if (!option || option.multiple) continue;
    if (seen.has(token.name)) {
      const values = option.type === "string" ? ` ("${seen.get(token.name)}", then "${token.value}")` : "";
      throw new UsageError(`${command}: --${token.name} was given twice${values}; it takes one value. Give it once.`, true);
    }
    seen.set(token.name, token.value);
  }
}

/**
 * A command's flag mistake (node:util parseArgs threw) as a usage error that says what to type
 * instead: the nearest known flag for a misspelt or pluralized one (--classes → --task-class), and,
 * for a command that takes no positional arguments, what a stray one was probably meant to be.
 */
export function flagError(
  command: string,
  error: unknown,
  options: FlagOptions,
  positional?: (argument: string) => string,
): UsageError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const given = /'(-{1,2}[^'=]+)/.exec(message)?.[1];
    const near = given ? nearestFlag(given, Object.keys(options)) : undefined;
    if (near) return new UsageError(`${command}: ${firstSentence(message)}. Did you mean --${near}?`, true);
  }
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL" && positional) {
    const argument = /'([^']*)'/.exec(message)?.[1];
    if (argument !== undefined) return new UsageError(`${command}: unexpected argument "${argument}". ${positional(argument)}`, true);
  }
  return new UsageError(`${command}: ${message}`, true);
}

/** parseArgs adds a sentence on positionals starting with "-"; beside a suggestion it only distracts. */
function firstSentence(message: string): string {
  const end = message.indexOf(". ");
  return end === -1 ? message.replace(/\.$/, "") : message.slice(0, end);
}

/**
 * The known flag a mistaken one most likely meant: one a typo away (one edit from a word of three
 * letters or more, two from one of five or more), or the one whose last word is the given word in
 * the singular or the plural (--classes → --task-class, --job → --jobs).
 */
export function nearestFlag(given: string, known: readonly string[]): string | undefined {
  const word = given.replace(/^-+/, "").toLowerCase();
  if (word.length === 0) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(word, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  const allowed = word.length >= 5 ? 2 : word.length >= 3 ? 1 : 0;
  if (best !== undefined && bestDistance <= allowed) return best;
  const forms = [word, word.replace(/es$/, ""), word.replace(/s$/, ""), `${word}s`];
  return known.find((name) => forms.includes(name.split("-").at(-1)!));
}

/** Levenshtein distance (flag names are short: the table is tiny). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}
