/**
 * What the fetch form adds when a URL was typed without a scheme: which URL was actually tried
 * (https://, as people paste bare hosts), and — when https failed at the connection — that the
 * agent may speak plain http, with the URL to try. The fetch route's own message says what failed.
 */
export interface SchemeHint {
  tried: string;
  /** The http:// URL to offer when the https attempt failed before any answer. */
  plainHttp?: string;
  text: string;
}

/** Failures that happen before an HTTP answer, where plain http might work instead. */
const CONNECTION_FAILURES = new Set(["network", "timeout"]);

export function hintForSchemelessUrl(typed: string, failureCode: string): SchemeHint | undefined {
  const input = typed.trim();
  if (input === "" || input.includes("://") || !/^[^\s/:?#]+(:\d+)?([/?#]|$)/.test(input)) return undefined;
  const tried = `https://${input}`;
  if (!CONNECTION_FAILURES.has(failureCode)) {
    return { tried, text: `No scheme was typed, so Parley tried ${tried}.` };
  }
  const plainHttp = `http://${input}`;
  return {
    tried,
    plainHttp,
    text: `No scheme was typed, so Parley tried ${tried} first, and the connection failed before any answer. If the agent only speaks plain http, fetch ${plainHttp} instead (Parley does not fall back to http by itself: the card would then travel unencrypted).`,
  };
}
