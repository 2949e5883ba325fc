/**
 * The usage texts that name no preset, example or task class: plain strings, so the commands that
 * print them (--help, a usage error, seed-check) load none of the engine to do it. The others are
 * in usage.ts, built from the engine's own lists.
 */

export const MAIN_USAGE = `Usage: parley <command> [options]

Review A2A Agent Cards against a client profile, per task class. In a checkout, after npm ci:
npx parley <command> (the built CLI), or npm run -s review -- <command> (the sources, through tsx).

Commands:
  check       review one card (file, URL or stdin); exit 1 when a requested task class is rejected
  lint        one card with no profile: validity, signatures, a live check, every preset's decisions
  batch       review JSON Lines from stdin, one output line per input line
  seed-check  the rule's reference check, JSON Lines in and out (parity shim)
  triage      many cards × many profiles: a row per pair (json, csv, markdown)
  diff        two versions of a card: changed fields and the decisions they move
  probe       check the card's claims against the live agent (--send: real tasks)
  can-i-deploy  ask a Parley registry whether an agent's card is decided fit for a profile
  mcp         serve review, lint, diff, explain-record and probe to an MCP client (stdio)

Run "parley help <command>" (or "<command> --help") for a command's options, "parley -v"
(--version) for the engine version.
Exit codes: 0 nothing rejected, 1 a task class rejected, 2 unusable input or invocation.
Docs: docs/cli.md
`;

export const BATCH_USAGE = `Usage: parley batch [--messages text|none] [--jobs N] [--max-line-bytes N] [--task-class-file FILE] < reviews.jsonl > results.jsonl

Reads JSON Lines on stdin, one review per line:
  {"id": "a1", "card": {...} | "cardText": "...", "profile": {...} | "PRESET",
   "context": {...}?, "taskClasses": ["live-input", {"id": "voice-note", ...}, ...]?}
(a taskClasses entry is a task class id, or a task class object as in a --task-class-file)
Writes one line per input line, in the same order:
  {"id", "valid", "shape", "validity": [...], "signature": {...}?, "decisions": {"<task-class>": {...}}}
or, for a line that cannot be reviewed, {"id", "error": "line N: ..."}; the run goes on.
Blank lines are skipped. Memory stays constant however many lines. On a terminal, stderr
shows the progress (lines so far, lines/s) and the totals at the end.

Options:
  --messages text|none  text (default): an English "message" beside every code, reason and
                        finding; none: ids and data only ("data" instead of "message"), for
                        machines: smaller lines, faster
  --jobs N              review on N worker threads (default 1); output order is unchanged
  --max-line-bytes N    longest accepted line (default 5 MiB); longer lines become errors
  --jwks FILE           check every signed card against this JWK or JWK set (matched by kid)
  --fetch-jku           without --jwks, fetch the key sets signatures name, once per run, with
                        the same safety rules as check (by default nothing is fetched)
  --task-class-file FILE  user-defined task classes decided on every line, after the line's
                        own taskClasses (which may name them by id), or alone when it has none
  -h, --help            this help

Exit codes: 0 every line reviewed, nothing rejected; 1 some line rejected a task class;
2 some line could not be reviewed (its error line says why), or a bad invocation.
`;

export const SEED_CHECK_USAGE = `Usage: parley seed-check < cases.jsonl > results.jsonl

The rule's reference check (checkCardNegotiable), for parity with seed_reference.py.
Reads JSON Lines {"id", "card", "client_profile", "task_class"} and writes
{"id", "raised", "invariant": 1|2|3|null, "message"} per line, in order. On a terminal,
stderr shows the progress and the totals at the end.

Exit codes: 0 every line checked, none raised; 1 some line raised; 2 some line could not be
checked, or a bad invocation.
`;
