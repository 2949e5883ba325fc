/**
 * Webhook delivery: a JSON POST, retried with exponential backoff, each attempt bounded by a
 * timeout. It never throws and never blocks a check: the registry starts it after the check's
 * transaction has committed and only tracks it (so tests and shutdown can wait for it).
 */
export interface WebhookOptions {
  attempts?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
}

export interface WebhookResult {
  url: string;
  ok: boolean;
  attempts: number;
  /** The last status or failure, for the log (never the response body). */
  last: string;
}

export async function deliverWebhook(url: string, payload: unknown, options: WebhookOptions = {}): Promise<WebhookResult> {
  const attempts = options.attempts ?? 4;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 5000;
  let last = "not tried";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "parley-registry" },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      });
      await response.body?.cancel().catch(() => undefined);
      last = `HTTP ${response.status}`;
      if (response.status >= 200 && response.status < 300) return { url, ok: true, attempts: attempt, last };
    } catch (error) {
      last = error instanceof Error && error.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : "connection failed";
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, baseDelayMs * 2 ** (attempt - 1)));
  }
  return { url, ok: false, attempts, last };
}
