/**
 * The form a card URL must have before anything is fetched, shared by the fetch route (which then
 * judges the host) and the browser (which refuses a pasted line before sending it): one set of
 * rules, each side saying it in its own words.
 */
export const MAX_CARD_URL_LENGTH = 2048;

export type CardUrlProblem = "empty" | "tooLong" | "notUrl" | RequestableProblem;
export type RequestableProblem = "scheme" | "credentials" | "noHost";

export type CardUrlForm = { ok: true; url: URL } | { ok: false; problem: CardUrlProblem; text: string; url?: URL };

/**
 * A typed or pasted card URL, trimmed. A bare host ("agents.example", "agents.example:8443/a2a")
 * gets https:// in front, because that is what people paste; anything with another scheme is refused.
 */
export function readCardUrlForm(input: string): CardUrlForm {
  const text = input.trim();
  if (text === "") return { ok: false, problem: "empty", text };
  if (text.length > MAX_CARD_URL_LENGTH) return { ok: false, problem: "tooLong", text };
  const withScheme = !text.includes("://") && /^[^\s/:?#]+(:\d+)?([/?#]|$)/.test(text) ? `https://${text}` : text;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, problem: "notUrl", text };
  }
  const problem = requestableProblem(url);
  return problem ? { ok: false, problem, text, url } : { ok: true, url };
}

/** What every URL is checked for, the first one and every redirect target alike. */
export function requestableProblem(url: URL): RequestableProblem | undefined {
  if (url.protocol !== "http:" && url.protocol !== "https:") return "scheme";
  // Credentials in a URL would be forwarded to whatever host a redirect picks: refused outright.
  if (url.username !== "" || url.password !== "") return "credentials";
  if (url.hostname === "") return "noHost";
  return undefined;
}
