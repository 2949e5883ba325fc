import { toJSONSchema } from "../lib/negotiation/zod";
import { Acknowledgement, TaskClass } from "../lib/negotiation";
import { CONFIG_FORMATS, MAX_CONFIG_PROFILES } from "../lib/config/schema";
import { ACKNOWLEDGEABLE_LINT_CODES } from "../lib/config/lint-acknowledgements";

/**
 * The JSON Schema of `parley.config.json` / `.parleyrc.json` (schema/parley-config.schema.json),
 * for editors' completion and hover. The task class and acknowledgement parts come from the zod
 * schemas the engine reads them with; an inline profile refers to the profile's own schema file.
 * lib/config/schema.ts is what reads a config; lib/config/config.test.ts keeps the two in step.
 */
export const CONFIG_SCHEMA_ID = "parley-config.schema.json";

export function parleyConfigJsonSchema(): Record<string, unknown> {
  // The parts are embedded: their own "$schema" would be noise inside this one.
  const strip = (schema: object) => Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$schema"));
  const format = { type: "string", enum: [...CONFIG_FORMATS] };
  const profile = { anyOf: [{ type: "string", minLength: 1 }, { $ref: "client-profile.schema.json" }] };
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: CONFIG_SCHEMA_ID,
    title: "Parley config",
    description: "Defaults for parley check and lint, found upward from the working directory as parley.config.json or .parleyrc.json (docs/cli.md#config-file-check-lint); flags win over it.",
    type: "object",
    properties: {
      $schema: { type: "string", description: "The JSON Schema this file follows, for editors; Parley ignores it." },
      profile: {
        description: "check's client profile: a preset id, a profile file's path (relative to this file), or the profile itself. For several, use profiles instead (not both).",
        ...profile,
      },
      profiles: {
        description: "check's client profiles, each as profile takes it: check runs every card for each, in one report (each result says its profile), and exits with the worst code. Not together with profile.",
        type: "array",
        minItems: 1,
        maxItems: MAX_CONFIG_PROFILES,
        items: profile,
      },
      taskClasses: {
        description: "check's task classes, in order: built-in ids, and objects defining your own (as in a --task-class-file).",
        type: "array",
        minItems: 1,
        maxItems: 50,
        items: { anyOf: [{ type: "string", minLength: 1 }, strip(toJSONSchema(TaskClass, { io: "input" }))] },
      },
      failOn: {
        description: "check's --fail-on: reject (default), escalate or defer, optionally with ,not-for-client.",
        type: "string",
        pattern: "^(?:(?:reject|escalate|defer)(?:,not-for-client)?|not-for-client)$",
      },
      format: { ...format, description: "The report format of check and lint (their --format)." },
      acknowledgements: {
        description: "Findings known and accepted: shown as acknowledged, never hidden. An entry naming a rule (invariant) is check's: an acknowledged class does not fail check; one naming a lint code (lint) is lint's: that finding does not fail lint. Expired ones count again.",
        type: "array",
        items: {
          anyOf: [
            strip(toJSONSchema(Acknowledgement, { io: "input" })),
            {
              type: "object",
              description: "A lint finding known and accepted.",
              properties: {
                lint: { type: "string", enum: [...ACKNOWLEDGEABLE_LINT_CODES], description: "The lint code (in brackets in lint's text, code in its JSON)." },
                pointer: { type: "string", pattern: "^(/.*)?$", description: "Only the finding at this JSON pointer into the card; left out: every finding with the code." },
                reason: { type: "string", minLength: 1, maxLength: 2000 },
                by: { type: "string", minLength: 1, maxLength: 2000 },
                until: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$" },
                card: { type: "string", pattern: "^sha256:[0-9a-f]{64}$" },
              },
              required: ["lint", "reason"],
              additionalProperties: false,
            },
          ],
        },
      },
      lint: {
        description: "lint's own defaults.",
        type: "object",
        properties: {
          failOn: { type: "string", enum: ["error", "warning"], description: "lint's --fail-on." },
          format: { ...format, description: "lint's --format (default: the top-level format)." },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
    not: { required: ["profile", "profiles"] },
  };
}
