/**
 * The real `@a2a-js/sdk` 1.3 client as the kit's tests and the reality suite drive it: ClientFactory
 * with the SDK's transports, a message builder, and per-call options carrying credentials and
 * extensions. Nothing here changes what the SDK does; it only spares each test the boilerplate.
 */
import { randomUUID } from "node:crypto";
import { Role, type Part, type SendMessageRequest } from "@a2a-js/sdk";
import {
  ClientFactory,
  JsonRpcTransportFactory,
  RestTransportFactory,
  withA2AExtensions,
  type Client,
  type RequestOptions,
  type TransportFactory,
} from "@a2a-js/sdk/client";
import { GrpcTransportFactory } from "@a2a-js/sdk/client/grpc";
import type { Binding } from "./agents";

export interface ClientSpec {
  /** Transports the client has. Default: the SDK's ClientFactory defaults (JSON-RPC and HTTP+JSON). */
  transports?: Binding[];
  /** The SDK's legacyCompat switch on the card resolver and transports: talk 0.3 to 0.3 interfaces. */
  legacyCompat?: boolean;
  /** ClientConfig.acceptedOutputModes (empty: any). */
  acceptedOutputModes?: string[];
  /** ClientConfig.polling: sendMessage returns at once (returnImmediately), the client polls getTask. */
  polling?: boolean;
  fetchImpl?: typeof fetch;
  /** Where the card is, on the origin (createFromUrl's path). Default: the SDK's /.well-known/agent-card.json. */
  cardPath?: string;
}

/** ClientFactory.createFromUrl on the agent's origin: fetches the card the SDK's way and picks an interface. */
export async function sdkClient(origin: string, spec: ClientSpec = {}): Promise<Client> {
  const transports = spec.transports ?? ["JSONRPC", "HTTP+JSON"];
  const legacy = spec.legacyCompat ? { legacyCompat: { enabled: true } } : {};
  // Every request the SDK makes is bounded: the call's own signal when it has one, else 10 s.
  const inner = spec.fetchImpl ?? fetch;
  const bounded = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => inner(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(10_000) })) as typeof fetch;
  const fetchImpl = { fetchImpl: bounded };
  const factories: TransportFactory[] = transports.map((t) =>
    t === "JSONRPC" ? new JsonRpcTransportFactory({ ...legacy, ...fetchImpl }) : t === "HTTP+JSON" ? new RestTransportFactory({ ...legacy, ...fetchImpl }) : new GrpcTransportFactory({ ...legacy }),
  );
  const { DefaultAgentCardResolver } = await import("@a2a-js/sdk/client");
  const factory = new ClientFactory({
    transports: factories,
    cardResolver: new DefaultAgentCardResolver({ ...legacy, ...fetchImpl }),
    clientConfig: { acceptedOutputModes: spec.acceptedOutputModes ?? [], polling: spec.polling ?? false },
  });
  return spec.cardPath === undefined ? factory.createFromUrl(origin) : factory.createFromUrl(origin, spec.cardPath);
}

/**
 * A user message of one part in `mediaType` (text for text/*, data for JSON, bytes otherwise), with
 * a push config when `push` is given, and returnImmediately when asked (the SDK's default is a
 * blocking send).
 */
export function userMessage(mediaType = "text/plain", opts: { push?: { url: string; token?: string }; returnImmediately?: boolean } = {}): SendMessageRequest {
  const { push } = opts;
  const part: Part = mediaType.startsWith("text/")
    ? { content: { $case: "text", value: "hello from the reality suite" }, mediaType, filename: "", metadata: undefined }
    : mediaType === "application/json"
      ? { content: { $case: "data", value: { hello: "reality" } }, mediaType, filename: "", metadata: undefined }
      : { content: { $case: "raw", value: Buffer.from([1, 2, 3, 4]) }, mediaType, filename: "input.bin", metadata: undefined };
  return {
    tenant: "",
    message: { messageId: randomUUID(), contextId: "", taskId: "", role: Role.ROLE_USER, parts: [part], metadata: undefined, extensions: [], referenceTaskIds: [] },
    configuration:
      push || opts.returnImmediately !== undefined
        ? {
            // acceptedOutputModes left out: the client's ClientConfig fills it in (applyClientConfig).
            taskPushNotificationConfig: push ? { tenant: "", id: "", taskId: "", url: push.url, token: push.token ?? "", authentication: undefined } : undefined,
            returnImmediately: opts.returnImmediately ?? false,
          }
        : undefined,
    metadata: undefined,
  } as unknown as SendMessageRequest;
}

/** Per-call options: credentials headers, activated extensions, a time cap (default 10 s). */
export function callOptions(opts: { credentials?: Record<string, string>; extensions?: string[]; timeoutMs?: number } = {}): RequestOptions {
  const serviceParameters: Record<string, string> = { ...(opts.credentials ?? {}) };
  if (opts.extensions?.length) withA2AExtensions(...opts.extensions)(serviceParameters);
  return { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000), serviceParameters };
}
