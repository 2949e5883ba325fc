import type { RecordParseError } from "../record";
import { renderTemplate } from "./template";

const RECORD_ERRORS: Record<RecordParseError["code"], string> = {
  tooLong: "This line is too long to be a decision record.",
  notJson: "This line is not JSON, so it is not a decision record.",
  notRecord: "This is not a Parley decision record (it needs \"type\": \"parley.decision\").",
  unsupportedVersion: "This decision record has format version {{detail}}; this engine reads version 1.",
  invalidField: "This decision record is malformed at {{pointer}} ({{detail}}).",
};

export function explainRecordError(error: RecordParseError): string {
  return renderTemplate(RECORD_ERRORS[error.code], { pointer: error.pointer || "/", detail: error.detail ?? "invalid" });
}
