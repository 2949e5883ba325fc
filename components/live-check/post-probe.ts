import type { ClientProfile, TaskClass } from "@/lib/negotiation";
import type { ProbeReport } from "@/lib/probe/types";
import { type ProbeErrorCode, ProbeRequest, SEND_CONFIRMATION } from "@/lib/wire/probe";

/** A check that did not run, as the user should read it: a code for logic, a sentence for people. */
export class ProbeFailure extends Error {
  constructor(
    readonly code: ProbeErrorCode | "network",
    message: string,
  ) {
    super(message);
    this.name = "ProbeFailure";
  }
}

export interface ProbeAsk {
  url: string;
  profile: ClientProfile;
  taskClasses?: readonly (string | TaskClass)[];
  /** Credentials: posted to Parley's own route, which sends them to the card's origin only. */
  header?: { name: string; value: string };
  /** Real lifecycles, already confirmed twice by the user. */
  send?: boolean;
}

/**
 * Posts to our own route (the browser never calls the agent itself: CORS, SSRF, credentials). A
 * long check answers at once and writes a space every few seconds until its JSON is ready:
 * `onHeartbeat` is called for each, so the page can say the check is still alive while it waits.
 */
export async function postProbe(ask: ProbeAsk, signal?: AbortSignal, onHeartbeat?: () => void): Promise<ProbeReport> {
  const body = {
    url: ask.url,
    profile: ask.profile,
    ...(ask.taskClasses ? { taskClasses: [...ask.taskClasses] } : {}),
    ...(ask.header && ask.header.name.trim() ? { headers: [{ name: ask.header.name.trim(), value: ask.header.value }] } : {}),
    ...(ask.send ? { send: true, confirmSend: SEND_CONFIRMATION } : {}),
  };
  const parsed = ProbeRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProbeFailure("badRequest", `${issue?.path.join(".") || "request"}: ${issue?.message ?? "invalid"}`);
  }
  let response: Response;
  try {
    response = await fetch("/api/probe", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(parsed.data), signal });
  } catch {
    throw new ProbeFailure("network", "Parley's server did not answer; is it running?");
  }
  const text = await readAnswer(response, onHeartbeat).catch(() => undefined);
  if (text === undefined) {
    throw new ProbeFailure("network", signal?.aborted ? "The check was stopped." : "The connection to Parley's server broke before the check's answer arrived; messages already sent may have reached the agent.");
  }
  const answer = parseAnswer(text) as Partial<ProbeReport> & { code?: ProbeErrorCode; message?: string } | undefined;
  // A long check answers 200 at once and its error, if it ends in one, is the JSON error object.
  if (!response.ok || (answer && typeof answer.code === "string" && typeof answer.message === "string")) {
    if (answer && typeof answer.code === "string" && typeof answer.message === "string") throw new ProbeFailure(answer.code, answer.message);
    throw new ProbeFailure("internal", `Parley's server answered ${response.status} without an explanation.`);
  }
  if (!answer || !Array.isArray(answer.interfaces) || !Array.isArray(answer.contradictions) || typeof answer.classes !== "object") {
    throw new ProbeFailure("internal", "Parley's server sent an answer this page cannot read.");
  }
  return answer as ProbeReport;
}

/** The answer's text, read as it arrives: each piece that is only white space before the JSON starts is a heartbeat. */
async function readAnswer(response: Response, onHeartbeat: (() => void) | undefined): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const piece = decoder.decode(value, { stream: true });
    if (onHeartbeat && piece !== "" && piece.trim() === "" && text.trim() === "") onHeartbeat();
    text += piece;
  }
  return text + decoder.decode();
}

function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
