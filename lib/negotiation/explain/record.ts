import type { RecordParseError } from "../record";
import { renderTemplate } from "./template";

const RECORD_ERRORS: Record<Exclude<RecordParseError["code"], "invalidField">, string> = {
  tooLong: "This line is too long to be a decision record.",
  notJson: "This line is not JSON, so it is not a decision record.",
  notRecord: "This is not a Parley decision record (it needs \"type\": \"parley.decision\").",
  unsupportedVersion: "This decision record has format version {{detail}}; this engine reads version 1.",
};

/** What is wrong with one field of a record, by the schema's finding (never its code shown raw). */
const FIELD_ERRORS: Record<string, string> = {
  missing: "This decision record has no {{pointer}}; every record has one. Paste the whole record as it was written.",
  invalid_type: "This decision record has a value of the wrong kind at {{pointer}}.",
  too_big: "This decision record's value at {{pointer}} is longer or larger than a record allows.",
  too_small: "This decision record's value at {{pointer}} is shorter or smaller than a record allows (empty?).",
  invalid_value: "This decision record's value at {{pointer}} is not one of the values a record allows there.",
  unrecognized_keys: "This decision record has fields at {{pointer}} that a record does not have.",
};
const OTHER_FIELD_ERROR = "This decision record's value at {{pointer}} is not in the form a record allows there.";

const KINDS: Record<string, string> = { string: "a string", number: "a number", boolean: "true or false", object: "an object ({…})", array: "a list ([…])" };

export function explainRecordError(error: RecordParseError): string {
  const pointer = error.pointer || "/";
  if (error.code === "unsupportedVersion" && error.detail === undefined) {
    return 'This decision record has no format version: it needs "v": 1, the version this engine reads.';
  }
  if (error.code !== "invalidField") return renderTemplate(RECORD_ERRORS[error.code], { pointer, detail: error.detail ?? "" });
  const known = error.detail !== undefined && Object.hasOwn(FIELD_ERRORS, error.detail);
  const text = renderTemplate(known ? FIELD_ERRORS[error.detail!]! : OTHER_FIELD_ERROR, { pointer });
  const kind = error.expected !== undefined && Object.hasOwn(KINDS, error.expected) ? KINDS[error.expected] : undefined;
  return kind ? `${text.slice(0, -1)}: it needs ${kind} there.` : text;
}
