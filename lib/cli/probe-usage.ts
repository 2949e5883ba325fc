import { LOOPBACK_ENV } from "../fetch/safe-fetch";

// Apart from the command so the CLI's usage lists need not load the SDK client the probe runs on.
export const PROBE_USAGE = `Usage: parley probe --card URL|FILE --profile FILE|PRESET [options]

Checks the card's claims against the live agent with the @a2a-js/sdk client: the card fetched
plainly and the SDK's way (with A2A-Version), one call per declared interface that creates
nothing (GetTask of an id no task has), the interface the SDK would pick, and the card's
streaming and push claims asked the same way. Beside each task class: Parley's prediction.

Options:
  --card URL|FILE       the Agent Card: an http(s) URL (fetched) or a file (its interfaces are probed)
  --profile FILE|PRESET the client profile the predictions are for
  --task-class ID       a task class to predict and, with --send, to run (repeatable; default:
                        all built-in classes, and --send runs those the review does not reject)
  --task-class-file FILE  user-defined task classes, as for check
  --header "Name: value"  a credential header (repeatable), sent only to the card's origin (for
                        a file: the origin of its first interface); never printed or stored
  --send                run the smallest real lifecycle per class: CREATES REAL TASKS on the
                        agent (which may be billed); asks first on a terminal
  --yes                 with --send: do not ask (needed without a terminal)
  --webhook URL         with --send: a push receiver the agent can reach (for an agent on
                        loopback the probe starts its own)
  --timeout SECONDS     with --send: the most one class may take (default 10)
  --format FORMAT       text (default), json, junit
  --trace FILE          write the exchange log (every request and answer, in order, with timing,
                        credentials redacted) to FILE, one JSON object a line
  --time-limit SECONDS  the most the whole check may take (default 60, plus --timeout per class
                        with --send); what it did not reach is said to be skipped
  -h, --help            this help

Exit codes: 0 no contradiction, no wire finding and no disagreement; 1 a claim contradicted,
an answer that breaks the protocol (a wire finding), or a prediction disagreeing with the observation; 2 unusable input (card not fetched or not a card, bad flag,
--send without --yes and no terminal). Loopback agents are probed only with
${LOOPBACK_ENV}=1 (tests, local development). Docs: docs/probe.md
`;

