import { startSsrfTargets } from "./ssrf-targets";
import { directForms, type SsrfForm } from "./ssrf-forms";
import { postToRoute, routeDeps } from "./route-client";

export interface SsrfFigures {
  directForms: number;
  redirectForms: number;
  /** Connections the counting listener got from the hostile forms: must be 0. */
  connections: number;
  /** Forms the route answered with 200: must be 0. */
  fetched: number;
  byCode: Record<string, number>;
  /** The control: an allowed fetch to the same listener, which must count exactly one connection. */
  controlConnections: number;
  ownAddresses: string[];
  failures: string[];
}

/**
 * Every hostile form through the fetch route, in-process: direct forms with loopback refused, then
 * redirect targets after 1, 2 and 3 hops from an allowed loopback server. A listener on every
 * interface of this machine (loopback, its own addresses) counts the connections that got through.
 */
export async function runSsrfSuite(): Promise<SsrfFigures> {
  const { connections: counted, port, hopsPort, own, resolver, targets, close } = await startSsrfTargets('{"name":"reached"}');

  const figures: SsrfFigures = { directForms: 0, redirectForms: 0, connections: 0, fetched: 0, byCode: {}, controlConnections: 0, ownAddresses: own, failures: [] };
  const tally = (form: SsrfForm, status: number, body: unknown) => {
    const code = (body as { code?: string }).code ?? "ok";
    figures.byCode[code] = (figures.byCode[code] ?? 0) + 1;
    if (status === 200) {
      figures.fetched++;
      figures.failures.push(`${form.group}: ${form.url} was fetched`);
    }
  };
  try {
    const strict = routeDeps({}, resolver);
    for (const form of directForms(own)) {
      const url = form.url.replaceAll("{port}", String(port));
      const { status, body } = await postToRoute(strict, { url });
      figures.directForms++;
      tally({ ...form, url }, status, body);
    }
    const loopbackAllowed = routeDeps({ PARLEY_ALLOW_LOOPBACK_FETCH: "1" }, resolver);
    for (let hop = 1; hop <= 3; hop++) {
      for (let i = 0; i < targets.length; i++) {
        const { status, body } = await postToRoute(loopbackAllowed, { url: `http://127.0.0.1:${hopsPort}/hop/${hop}/${i}` });
        figures.redirectForms++;
        tally({ group: `${targets[i]!.group} after ${hop} hop(s)`, url: targets[i]!.url }, status, body);
      }
    }
    await new Promise((r) => setTimeout(r, 200));
    figures.connections = counted();
    if (counted() > 0) figures.failures.push(`${counted()} connection(s) reached the listener`);
    const control = await postToRoute(loopbackAllowed, { url: `http://127.0.0.1:${port}/card.json` });
    await new Promise((r) => setTimeout(r, 100));
    figures.controlConnections = counted() - figures.connections;
    if (control.status !== 200 || figures.controlConnections !== 1) {
      figures.failures.push(`the control fetch answered ${control.status} with ${figures.controlConnections} connection(s): the listener does not count`);
    }
  } finally {
    await close();
  }
  return figures;
}
