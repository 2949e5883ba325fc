import { CardFetchError, isCardFetchError } from "../fetch/errors";
import { FETCH_DEFAULTS, fetchCard, LOOPBACK_ENV } from "../fetch/safe-fetch";
import { describeKeyIssue, describeKeySetError } from "../negotiation/explain";
import { readKeySet, type SignatureReport, type VerifySignaturesOptions } from "../negotiation";
import { signatureList } from "../negotiation/card";
import { readTextFile } from "./inputs";
import type { FlagOptions } from "./flag-errors";
import { type CliIo, UsageError, writeOut } from "./io";

/**
 * Card signatures in the CLI: `--jwks FILE` (a JWK or JWK set the user trusts), else, only with
 * `--fetch-jku`, each signature's jku fetched through the SSRF-safe fetcher (loopback only with
 * PARLEY_ALLOW_LOOPBACK_FETCH=1, 5 s, 256 KiB). Without it nothing is fetched, as in the
 * workspace: a card names its jku itself, so fetching it by default let any card make the CI
 * runner call a URL of its choosing. `--no-jku` (the old opt-out) is still read and changes
 * nothing. A key set is fetched once per URL for the whole run.
 */
export type SignatureSetup = VerifySignaturesOptions;

/** Most key sets remembered per run; past it, the oldest is forgotten (and fetched again if named). */
const MAX_CACHED_KEY_SETS = 64;
const MAX_JWKS_BYTES = 256 * 1024;

/** The signature flags of every command that reviews a card: spread into its flag table. */
export const SIGNATURE_FLAGS = {
  jwks: { type: "string" },
  "no-jku": { type: "boolean" },
  "fetch-jku": { type: "boolean" },
} as const satisfies FlagOptions;

/** The signature setup the parsed flags ask for (`--no-jku` wins over `--fetch-jku`). */
export function signatureSetupFromFlags(values: { jwks?: string; "no-jku"?: boolean; "fetch-jku"?: boolean }, io: CliIo): Promise<SignatureSetup> {
  return loadSignatureSetup(values.jwks, values["fetch-jku"] === true && values["no-jku"] !== true, io);
}

export async function loadSignatureSetup(jwks: string | undefined, fetchJku: boolean | undefined, io: CliIo): Promise<SignatureSetup> {
  if (jwks !== undefined) return { keys: await loadJwks(jwks, io) };
  if (!fetchJku) return {};
  return { fetchJwks: jwksFetcher(io) };
}

/** `--jwks FILE`: the parsed key input, or a usage error saying what is wrong with the file. */
async function loadJwks(spec: string, io: CliIo): Promise<unknown> {
  const text = await readTextFile(spec, io, "--jwks", "key set");
  const read = readKeySet(text);
  if (!read.ok) {
    const total = typeof read.data.count === "number" ? read.data.count : read.skipped.length;
    const why = [describeKeySetError(read.error, read.data) + ".", ...read.skipped.map((s) => describeKeyIssue(s, total))];
    throw new UsageError(`--jwks ${spec}: not a usable JWK or JWK set: ${why.join(" ")}`);
  }
  const notes: string[] = [];
  const total = read.keys.length + read.skipped.length;
  for (const issue of read.skipped) notes.push(`parley: --jwks ${spec}: skipped: ${describeKeyIssue(issue, total)}`);
  if (read.hadPrivate) notes.push(`parley: --jwks ${spec} holds a private key: only its public part is used; keep private keys out of files you pass around.`);
  if (notes.length > 0) await writeOut(io.stderr, notes.join("\n") + "\n");
  return JSON.parse(text); // readTextFile has dropped a BOM already
}

/**
 * A host that let a key-set fetch time out is not asked again in the same run, and after
 * MAX_TIMED_OUT_KEY_SETS timeouts no more key sets are fetched: a batch of cards each naming a
 * slow jku would otherwise wait 5 s a line. The signatures say the key set was unreachable
 * (timeout), stderr says once why fetching stopped.
 */
const MAX_TIMED_OUT_KEY_SETS = 6;

/** The run's key-set fetcher (exported for its tests, which shorten the timeout). */
export function jwksFetcher(io: CliIo, timeoutMs: number = FETCH_DEFAULTS.timeoutMs): (url: string) => Promise<unknown> {
  const cache = new Map<string, Promise<string>>();
  const timedOutHosts = new Set<string>();
  let timeouts = 0;
  const refuse = (message: string) => Promise.reject(new CardFetchError("timeout", message));
  return (url) => {
    let pending = cache.get(url);
    if (pending) return pending;
    const host = new URL(url).host;
    if (timeouts >= MAX_TIMED_OUT_KEY_SETS) return refuse(`Not fetched: ${MAX_TIMED_OUT_KEY_SETS} key sets timed out earlier in this run.`);
    if (timedOutHosts.has(host)) return refuse(`Not fetched: ${host} timed out earlier in this run.`);
    if (cache.size >= MAX_CACHED_KEY_SETS) cache.delete(cache.keys().next().value as string);
    pending = fetchCard(url, { allowLoopback: io.env[LOOPBACK_ENV] === "1", maxBytes: MAX_JWKS_BYTES, timeoutMs }).then(
      (f) => f.text,
      async (error: unknown) => {
        if (isCardFetchError(error) && error.code === "timeout" && !timedOutHosts.has(host)) {
          timedOutHosts.add(host);
          if (++timeouts === MAX_TIMED_OUT_KEY_SETS) {
            await writeOut(
              io.stderr,
              `parley: ${MAX_TIMED_OUT_KEY_SETS} signature key sets (jku) timed out; no more are fetched in this run. Pass the keys with --jwks.\n`,
            );
          }
        }
        throw error;
      },
    );
    cache.set(url, pending);
    return pending;
  };
}

/** Does the card (text or parsed) carry signatures? Cheap: unsigned cards, nearly all, cost no parse. */
export function mayBeSigned(card: unknown): boolean {
  return typeof card === "string" ? card.includes('"signatures"') : signatureList(card) !== undefined;
}

/**
 * The signature report for a card (text or parsed), or undefined when it carries no signatures.
 * A signed card is always verified, with whatever keys the setup has (none: each signature then
 * says which key it needs). The verifier (jose, canonicalize) is loaded on first use.
 */
export async function verifyIfSigned(card: unknown, setup: SignatureSetup): Promise<SignatureReport | undefined> {
  if (!mayBeSigned(card)) return undefined;
  const { verifyCardSignatures } = await import("../negotiation/signatures/verify");
  return verifyCardSignatures(card, setup);
}
