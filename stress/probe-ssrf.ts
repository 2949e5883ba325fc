import { startSsrfTargets } from "./ssrf-targets";
import { findPreset, BUILT_IN_TASK_CLASSES } from "../lib/negotiation";
import { probeAgent } from "@/lib/probe/probe";
import { createProbeRouteDeps, handleProbe, type ProbeRouteDeps } from "@/lib/server/probe-route";
import { readSettings } from "@/lib/settings";
import { RateLimiter } from "@/lib/server/rate-limit";
import { directForms, type SsrfForm } from "./ssrf-forms";
import { APP_ORIGIN, testResolver } from "./route-client";

/**
 * The SSRF suite's hostile forms against the live check (POST /api/probe): as the card's URL,
 * directly and after 1-3 redirects, and as the URL of an interface a card declares (the probe's
 * SDK transports go through the same address rules). A listener on every local address counts
 * what got through; the control (loopback allowed) must reach it.
 */
export interface ProbeSsrfFigures {
  cardForms: number;
  redirectForms: number;
  interfaceForms: number;
  connections: number;
  /** Card URLs the route answered 200 for: must be 0. */
  probed: number;
  /** Interfaces a call was made to: must be 0. */
  interfacesCalled: number;
  byCode: Record<string, number>;
  controlConnections: number;
  failures: string[];
}

const profile = findPreset("a2a-js")!;

function deps(env: Record<string, string>, resolver: Record<string, string[]>): ProbeRouteDeps {
  return createProbeRouteDeps(readSettings(env), { limiter: new RateLimiter(1_000_000, 1_000_000), log: () => undefined, resolveHost: testResolver(resolver), serverName: "parley.stress" });
}

async function post(d: ProbeRouteDeps, url: string): Promise<{ status: number; body: { code?: string } }> {
  const request = new Request(`${APP_ORIGIN}/api/probe`, {
    method: "POST",
    headers: { host: "parley.stress:3000", origin: APP_ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/json" },
    body: JSON.stringify({ url, profile }),
  });
  const response = await handleProbe(request, d);
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

export async function runProbeSsrfSuite(): Promise<ProbeSsrfFigures> {
  const { connections: counted, port, hopsPort, own, resolver, targets, close } = await startSsrfTargets('{"name":"reached","supportedInterfaces":[]}');

  const figures: ProbeSsrfFigures = { cardForms: 0, redirectForms: 0, interfaceForms: 0, connections: 0, probed: 0, interfacesCalled: 0, byCode: {}, controlConnections: 0, failures: [] };
  const tally = (form: SsrfForm, status: number, code: string | undefined) => {
    figures.byCode[code ?? "ok"] = (figures.byCode[code ?? "ok"] ?? 0) + 1;
    if (status === 200) {
      figures.probed++;
      figures.failures.push(`${form.group}: ${form.url} was probed`);
    }
  };
  try {
    const strict = deps({}, resolver);
    const forms = directForms(own).map((f) => ({ ...f, url: f.url.replaceAll("{port}", String(port)) }));
    for (const form of forms) {
      const { status, body } = await post(strict, form.url);
      figures.cardForms++;
      tally(form, status, body.code);
    }
    const loopbackAllowed = deps({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" }, resolver);
    for (let hop = 1; hop <= 3; hop++) {
      for (let i = 0; i < targets.length; i++) {
        const { status, body } = await post(loopbackAllowed, `http://127.0.0.1:${hopsPort}/hop/${hop}/${i}`);
        figures.redirectForms++;
        tally({ group: `${targets[i]!.group} after ${hop} hop(s)`, url: targets[i]!.url }, status, body.code);
      }
    }
    // A card (a file, so no fetch) whose every interface is a hostile form, for both bindings.
    const http = forms.filter((f) => /^https?:/i.test(f.url));
    for (const protocolBinding of ["JSONRPC", "HTTP+JSON"]) {
      const card = {
        name: "hostile interfaces",
        description: "every interface a hostile form",
        version: "1",
        supportedInterfaces: http.map((f) => ({ url: f.url, protocolBinding, protocolVersion: "1.0" })),
        capabilities: { streaming: true, pushNotifications: true },
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [],
      };
      // Every form called (the fan-out caps lifted): each must be refused by the address rules.
      const report = await probeAgent({
        card: { text: JSON.stringify(card), source: "stress" },
        profile,
        taskClasses: BUILT_IN_TASK_CLASSES,
        resolveHost: testResolver(resolver),
        maxInterfaces: http.length,
        maxPerOrigin: http.length,
      });
      figures.interfaceForms += report.interfaces.length;
      for (const i of report.interfaces) {
        if (i.reachable !== false || (i.error?.kind !== "blocked" && i.error?.detail.includes("CardFetchError") !== true)) {
          figures.interfacesCalled++;
          figures.failures.push(`interface ${i.url} (${protocolBinding}) was called: ${i.error?.kind ?? "answered"}`);
        }
      }
    }
    await new Promise((r) => setTimeout(r, 200));
    figures.connections = counted();
    if (counted() > 0) figures.failures.push(`${counted()} connection(s) reached the listener`);
    await post(loopbackAllowed, `http://127.0.0.1:${port}/card.json`);
    await new Promise((r) => setTimeout(r, 100));
    figures.controlConnections = counted() - figures.connections;
    if (figures.controlConnections < 1) figures.failures.push("the control probe made no connection: the listener does not count");
  } finally {
    await close();
  }
  return figures;
}
