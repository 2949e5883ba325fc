import { toJSONSchema } from "../lib/negotiation/zod";
import { Acknowledgement, TaskClass } from "../lib/negotiation";
import { CONFIG_FORMATS } from "../lib/config/schema";

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
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: CONFIG_SCHEMA_ID,
    title: "Parley config",
    description: "Defaults for parley check and lint, found upward from the working directory as parley.config.json or .parleyrc.json (docs/cli.md#config-file-check-lint); flags win over it.",
    type: "object",
    properties: {
      $schema: { type: "string", description: "The JSON Schema this file follows, for editors; Parley ignores it." },
      profile: {
        description: "check's client profile: a preset id, a profile file's path (relative to this file), or the profile itself.",
        anyOf: [{ type: "string", minLength: 1 }, { $ref: "client-profile.schema.json" }],
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
        description: "Findings known and accepted: shown as acknowledged, never hidden; an acknowledged class does not fail check. Expired ones count again.",
        type: "array",
        items: strip(toJSONSchema(Acknowledgement, { io: "input" })),
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
  };
}
