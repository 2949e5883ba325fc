import { BUILT_IN_TASK_CLASSES, findPreset } from "../lib/negotiation";
import { startFaultyAgent } from "../lib/probe/faulty-agent";
import { probeAgent } from "../lib/probe/probe";
import { createProbeRouteDeps, handleProbe } from "../lib/server/probe-route";
import { SEND_CONFIRMATION } from "../lib/wire/probe";
import { readSettings } from "../lib/settings";

/**
 * The live check's limits under hostile shapes: a card listing thousands of interfaces (calls made,
 * time taken), and a confirmed send that runs past the slow-reader guard's 20 s through the route
 * (the longest silence on the connection, and whether the answer arrived).
 */
export interface ProbeLimitFigures {
  fanOut: { interfaces: number; callsMade: number; skippedNote: boolean; ms: number };
  longSend: { ms: number; longestSilenceMs: number; status: number; classesCompleted: number; answered: boolean; observed: Record<string, string> };
  failures: string[];
}

export async function runProbeLimitSuite(): Promise<ProbeLimitFigures> {
  const failures: string[] = [];
  const profile = findPreset("a2a-python")!;

  // 1. Fan-out: 5,000 interfaces, dead loopback ports and private addresses, many repeated.
  const wide = await startFaultyAgent({
    streaming: false,
    extraInterfaces: Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? `http://127.0.0.1:${1 + (i % 300)}/a2a` : `http://10.${i % 250}.0.1/a2a`)),
  });
  let fanOut: ProbeLimitFigures["fanOut"];
  try {
    const t0 = performance.now();
    const report = await probeAgent({ card: { url: wide.cardUrl }, profile, taskClasses: BUILT_IN_TASK_CLASSES, allowLoopback: true });
    const calls = (report.exchanges ?? []).filter((x) => x.direction === "out").length;
    fanOut = { interfaces: report.interfaces.length, callsMade: calls, skippedNote: report.notes.some((n) => /interfaces were not called/.test(n)), ms: Math.round(performance.now() - t0) };
    if (calls > 24) failures.push(`fan-out: ${calls} requests for one check`);
    if (!fanOut.skippedNote) failures.push("fan-out: no note says what was skipped");
  } finally {
    await wide.close();
  }

  // 2. A confirmed send of four classes, each task taking 9 s, through the route.
  const slow = await startFaultyAgent({ workMs: 9000 });
  let longSend: ProbeLimitFigures["longSend"];
  try {
    const deps = createProbeRouteDeps(readSettings({ PARLEY_ALLOW_LOOPBACK_FETCH: "1", PARLEY_PROBE_SEND: "1" }), { log: () => undefined, serverName: "parley.test" });
    const t0 = performance.now();
    const response = await handleProbe(
      new Request("http://parley.test:3000/api/probe", {
        method: "POST",
        headers: { host: "parley.test:3000", origin: "http://parley.test:3000", "sec-fetch-site": "same-origin", "content-type": "application/json" },
        body: JSON.stringify({ url: slow.cardUrl, profile, taskClasses: ["request-response", "streaming-output", "async-completion", "fire-and-forget"], send: true, confirmSend: SEND_CONFIRMATION }),
      }),
      deps,
    );
    let last = performance.now();
    let longest = last - t0;
    let text = "";
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    let classesCompleted = 0;
    let answered = false;
    const observed: Record<string, string> = {};
    try {
      const report = JSON.parse(text) as { classes?: Record<string, { observed: string; error?: string }> };
      answered = report.classes !== undefined;
      classesCompleted = Object.values(report.classes ?? {}).filter((c) => c.observed === "completed").length;
      for (const [id, c] of Object.entries(report.classes ?? {})) observed[id] = c.error ? `${c.observed}: ${c.error}` : c.observed;
    } catch {
      answered = false;
    }
    longSend = { ms: Math.round(performance.now() - t0), longestSilenceMs: Math.round(longest), status: response.status, classesCompleted, answered, observed };
    if (!answered) failures.push("long send: no report at the end");
    if (longest >= 20_000) failures.push(`long send: ${Math.round(longest)} ms without a byte (the slow-reader guard would cut it)`);
    if (longSend.ms < 20_000) failures.push(`long send: only ${longSend.ms} ms, not past the guard`);
  } finally {
    await slow.close();
  }
  return { fanOut, longSend, failures };
}
