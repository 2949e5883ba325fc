/**
 * Advice names what the reader has: a CLI flag in the terminal, the panel's own controls in the
 * workspace (which has no flags). The one place these sentences are made.
 */
export type ProbeSurface = "cli" | "workspace";

export const ADVICE = {
  notSent: { cli: "not sent (--send runs it)", workspace: "not sent (no task was created)" },
  passCredentials: {
    cli: (index: number, status: number | undefined) => `Interface ${index} wants credentials (HTTP ${status}), as the card says: pass them with --header "Name: value".`,
    workspace: (index: number, status: number | undefined) => `Interface ${index} wants credentials (HTTP ${status}), as the card says: enter them under "Credential header" and check again.`,
  },
  rejectedNotSent: {
    cli: "not sent: the review rejects it (name it with --task-class to send anyway)",
    workspace: "not sent: the review rejects it",
  },
  pushNotTried: {
    cli: "Push was not tried: pass --webhook URL, a receiver the agent can reach.",
    workspace: "Push was not tried: the agent is not on Parley's machine, so the callback has no receiver it can reach; only polling was used.",
  },
} as const;
