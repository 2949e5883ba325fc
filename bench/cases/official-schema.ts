import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";

/**
 * A peer that does strictly less than a review: JSON.parse, then ajv (all errors, no formats)
 * validating the card against the official A2A 1.0.1 JSON Schema bundle (bench/data, a data file
 * of the A2A project). The bundle's `$ref`s name per-message files ("lf.a2a.v1.AgentCard.jsonschema.json")
 * that are not in it, while its definitions are keyed by display titles ("Agent Card"); each title
 * without its spaces is the message name, so every definition is registered under the file name its
 * references use. A validator that cannot resolve one throws here, not mid-measurement.
 */
const BUNDLE = new URL("../data/a2a-v1.0.1.schema.json", import.meta.url);
const PROTOBUF_WELL_KNOWN = new Set(["Struct", "Timestamp", "Value"]);

export function officialCardValidator(): (card: unknown) => boolean {
  const bundle = JSON.parse(readFileSync(BUNDLE, "utf8")) as { definitions: Record<string, Record<string, unknown>> };
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  for (const [title, definition] of Object.entries(bundle.definitions)) {
    const message = title.replace(/ /g, "");
    const id = PROTOBUF_WELL_KNOWN.has(title) ? `google.protobuf.${message}.jsonschema.json` : `lf.a2a.v1.${message}.jsonschema.json`;
    // Each definition names its dialect; ajv takes that from the instance it was made with.
    const schema: Record<string, unknown> = { ...definition, $id: id };
    delete schema.$schema;
    ajv.addSchema(schema);
  }
  const validate = ajv.getSchema("lf.a2a.v1.AgentCard.jsonschema.json");
  if (!validate) throw new Error("the official A2A 1.0.1 bundle has no Agent Card definition");
  return (card) => validate(card) as boolean;
}
