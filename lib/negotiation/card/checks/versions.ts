import type { CardFields } from "../card-fields";
import type { CardShape } from "../model";
import { versionMajorMinor } from "../detect-shape";
import { type JsonObject } from "../json-value";
import { describeJsonType, type ProblemSink } from "../problems";

/** Released A2A versions (facts.md §0), with and without patch digits. 0.2.9 was never released. */
const RELEASED = new Set([
  "0.1", "0.1.0", "0.2", "0.2.0", "0.2.1", "0.2.2", "0.2.3", "0.2.4", "0.2.5", "0.2.6",
  "0.3", "0.3.0", "1.0", "1.0.0", "1.0.1",
]);

const PATCH_DIGITS = /^\s*(\d+\.\d+)\.\d+\s*$/;

/** What is wrong with a version's text: not a released version, or patch digits where they do not belong. */
interface VersionIssues {
  unknown: boolean;
  patch: RegExpExecArray | null;
}

/** The version text's issues, or undefined for the usual version that has none (nothing to spell out). */
function versionTextIssues(version: string, patchMatters: boolean): VersionIssues | undefined {
  const unknown = !RELEASED.has(version.trim());
  // 1.0 compares Major.Minor only and says patch digits SHOULD NOT be sent (D10 §3.6).
  const patch = patchMatters ? PATCH_DIGITS.exec(version) : null;
  return unknown || patch ? { unknown, patch } : undefined;
}

function reportVersionIssues(issues: VersionIssues, version: string, pointer: string, field: string, sink: ProblemSink, onInterface = false): void {
  if (issues.unknown) sink.add("unknownProtocolVersion", pointer, { field, version });
  // On an interface the text is what a server compares the client's A2A-Version header with: the
  // JS SDK's validateVersion (server/index.js) checks Set.has(requestedVersion) on the strings as
  // written, so "1.0.0" refuses every client sending "1.0". Said to the card's author as such.
  if (issues.patch) sink.add(onInterface ? "interfaceVersionPatchDigits" : "versionPatchDigits", pointer, { field, version, suggested: issues.patch[1] ?? version });
}

/** A 1.0 `supportedInterfaces[]` entry's version (REQUIRED there); its pointer and field are spelled out only to report. */
export function checkInterfaceVersion(entry: JsonObject, index: number, sink: ProblemSink): void {
  if (entry.protocolVersion === undefined) {
    sink.add("interfaceMissingProtocolVersion", `/supportedInterfaces/${index}`, { field: `supportedInterfaces[${index}]` });
    return;
  }
  const version = entry.protocolVersion;
  if (typeof version !== "string") {
    sink.add("requiredFieldWrongType", `/supportedInterfaces/${index}/protocolVersion`, {
      field: `supportedInterfaces[${index}].protocolVersion`,
      expected: "string",
      found: describeJsonType(version),
    });
    return;
  }
  const issues = versionTextIssues(version, true);
  if (issues) reportVersionIssues(issues, version, `/supportedInterfaces/${index}/protocolVersion`, `supportedInterfaces[${index}].protocolVersion`, sink, true);
}

/** Card-level `protocolVersion` / `protocolVersions`. `fields`: the card's (readCardFields). */
export function checkCardVersion(card: JsonObject, fields: CardFields, shape: CardShape, sink: ProblemSink): void {
  if (card.protocolVersions !== undefined) sink.add("draftProtocolVersions", "/protocolVersions", {});
  const version = fields.protocolVersion;
  if (version === undefined || version === null) return;
  if (typeof version !== "string") {
    // The spec tier reports 0.x cards; 1.0 has no card-level field, so report it here.
    if (shape === "1.0" || shape === "hybrid") {
      sink.add("ignoredWrongType", "/protocolVersion", { field: "protocolVersion", expected: "string", found: describeJsonType(version) });
    }
    return;
  }
  const declared = versionMajorMinor(version);
  const is1x = declared !== undefined && declared.major >= 1;
  const is10Shape = shape === "1.0" || shape === "hybrid";
  const issues = versionTextIssues(version, is10Shape && is1x);
  if (issues) reportVersionIssues(issues, version, "/protocolVersion", "protocolVersion", sink);
  if (is10Shape && is1x) sink.add("cardLevelProtocolVersion", "/protocolVersion", { version });
  if (!is10Shape && is1x && shape !== "unknown") sink.add("protocolVersionShapeMismatch", "/protocolVersion", { version, shape });
}
