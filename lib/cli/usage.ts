import { BUILT_IN_TASK_CLASS_IDS } from "../negotiation";
import { LOOPBACK_ENV } from "../fetch/safe-fetch";
import { listExamples, listPresets } from "./inputs";
import { OUTPUT_USAGE } from "./output";
import { CONFIG_USAGE } from "../config/load";

export function checkUsage(): string {
  return `Usage: parley check --card FILE|URL|-|example:ID... --profile FILE|PRESET [options]

Options:
  --card FILE|URL|-     the Agent Card: a file, an http(s) URL (a base URL discovers
                        /.well-known/agent-card.json then agent.json), - for stdin, or a
                        built-in example: ${listExamples()}
                        Repeatable, and a quoted glob ('cards/*.json', 'agents/**/card.json')
                        names several: one report, the worst exit code
  --profile FILE|PRESET a client profile JSON file, or a preset: ${listPresets()}
                        Repeatable: every card is reviewed for each, in one report, each
                        result naming its profile (default: the config file's profile, or
                        each of its profiles in turn)
  --task-class ID       a task class to decide (repeatable; default: all):
                        ${BUILT_IN_TASK_CLASS_IDS.join(", ")}
  --skill ID            aim every task class at this skill of the card: its own input and
                        output modes and security requirements apply (default: any skill)
  --context FILE        a review context JSON file (conditions of validity)
  --task-class-file FILE  user-defined task classes (a JSON object or array: id, title,
                        description, input, completion, output, skill?, inputModes?,
                        outputModes?); reviewed after the
                        --task-class ones, or alone when no --task-class is given
  --format FORMAT       text (default), json, sarif (SARIF 2.1.0), junit (JUnit XML),
                        markdown (a ticket comment), github (workflow annotations), gitlab
                        (GitLab Code Quality JSON)
  --fail-on DECISION    reject (default), escalate or defer: the mildest decision that makes
                        exit code 1 (with everything more severe); add not-for-client
                        (defer,not-for-client, or alone) to fail on classes the client itself
                        cannot perform, which by default do not fail (no fault of the card)
  --docs-base URL       absolute base of the Parley app, for rule links in SARIF
                        (default: PARLEY_BASE_URL when it is set)
  --link-base URL       with --format json: each decision record's review link is a whole URL
                        of the workspace at URL (e.g. https://parley.example.com); without it,
                        the link is the fragment alone (#v1.…), which /explain opens on its own
                        origin (default: PARLEY_BASE_URL when it is set; markdown links it too)
  --no-review-link      with --format json: records without their review link (smaller lines)
  --jwks FILE           check the card's signatures against this JWK or JWK set (matched by kid)
  --fetch-jku           without --jwks, fetch the key set a signature's jku names, with the
                        same safety rules as --card URLs (by default nothing is fetched: the
                        card chose that URL; --no-jku says so explicitly)
  --allow-loopback      fetch a card from this machine (127.0.0.1, ::1, localhost): to test a
                        local agent; the same as ${LOOPBACK_ENV}=1 (never private ranges)
${CONFIG_USAGE}
${OUTPUT_USAGE}
  -h, --help            this help

Exit codes: 0 no requested task class at or past --fail-on; 1 at least one; 2 unusable input
(missing or unreadable file, invalid profile, context or --jwks, unknown preset or task class,
fetch refused).
`;
}

export function lintUsage(): string {
  return `Usage: parley lint --card FILE|URL|-|example:ID... [options]

Checks a card on its own, with no client profile: its validity (errors: a conforming client
refuses the card; warnings: what real SDKs trip on), its signatures, what its interfaces answer
when asked without creating anything, and every preset's decision per built-in task class (and
each of the config file's own profiles').

Options:
  --card FILE|URL|-     the Agent Card: a file, an http(s) URL (a base URL discovers
                        /.well-known/agent-card.json then agent.json), - for stdin, or a
                        built-in example: ${listExamples()}
                        Repeatable, and a quoted glob ('cards/*.json') names several: one
                        report, the worst exit code
  --live                ask the card's interfaces (one call each that creates nothing, and the
                        streaming and push claims) for a card from a file, stdin or an example
  --no-live             do not ask them for a card fetched by URL (asked by default)
  --header "Name: value"  a credential header for the live check (repeatable), sent only to the
                        card's origin; never printed
  --time-limit SECONDS  the most the whole live check may take (default 60); interfaces not
                        asked by then are said to be not called
  --format FORMAT       text (default), json, sarif (SARIF 2.1.0), junit (JUnit XML),
                        markdown (a comment), github (workflow annotations), gitlab (GitLab
                        Code Quality JSON)
  --fail-on error|warning  error (default): exit 1 on a validity error or a live contradiction;
                        warning: on a warning too
  --docs-base URL       absolute base of the Parley app, for links in SARIF
                        (default: PARLEY_BASE_URL when it is set)
  --jwks FILE           check the card's signatures against this JWK or JWK set (matched by kid)
  --fetch-jku           without --jwks, fetch the key set a signature's jku names (--no-jku:
                        do not, the default)
  --allow-loopback      fetch and ask an agent on this machine (127.0.0.1, ::1, localhost): to
                        test a local agent; the same as ${LOOPBACK_ENV}=1
${CONFIG_USAGE}
${OUTPUT_USAGE}
  -h, --help            this help

Presets: ${listPresets()}. A preset's rejection does not change the exit code: it says
what the card does not offer that client (check --profile PRESET gates on one).

Exit codes: 0 the card is fine; 1 a validity error or a live contradiction (or a warning, with
--fail-on warning) that the config file's acknowledgements ("lint": CODE) do not cover (an
acknowledged finding is shown as such; an expired one counts again); 2 unusable input (missing or unreadable file, fetch refused, bad flag).
Loopback agents are asked only with --allow-loopback or ${LOOPBACK_ENV}=1. Docs: docs/cli.md
`;
}
