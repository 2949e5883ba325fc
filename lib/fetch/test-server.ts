import http from "node:http";
import type { AddressInfo } from "node:net";

/** A card server on 127.0.0.1 for tests: routes map a path to a handler; every request is recorded. */
export interface TestServer {
  base: string;
  port: number;
  requests: http.IncomingMessage[];
  close: () => Promise<void>;
}

export type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function startTestServer(routes: Record<string, Route>): Promise<TestServer> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req);
    const route = routes[req.url ?? ""];
    if (route) return route(req, res);
    res.statusCode = 404;
    res.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(body: unknown, contentType = "application/json"): Route {
  return (_req, res) => {
    res.setHeader("content-type", contentType);
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
}

export function redirect(location: string, status = 302): Route {
  return (_req, res) => {
    res.statusCode = status;
    res.setHeader("location", location);
    res.setHeader("set-cookie", "session=secret; Path=/");
    res.end();
  };
}
