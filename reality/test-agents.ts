import { afterEach } from "vitest";
import { type AgentSpec, type RunningAgent, startAgent, startWebhookReceiver, type WebhookReceiver } from "./agents";

/**
 * For a test file that starts real SDK agents (and webhook receivers) on loopback: everything
 * started in a test is closed after it, so no server outlives the test that needed it.
 */
export function agentsClosedAfterEach() {
  const running: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.close()));
  });
  const keep = <T extends { close(): Promise<void> }>(started: T): T => {
    running.push(started);
    return started;
  };
  return {
    agent: async (spec: AgentSpec = {}): Promise<RunningAgent> => keep(await startAgent(spec)),
    receiver: async (...args: Parameters<typeof startWebhookReceiver>): Promise<WebhookReceiver> => keep(await startWebhookReceiver(...args)),
  };
}
