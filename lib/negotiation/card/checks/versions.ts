import type { CardShape } from "../model";
import { versionMajorMinor } from "../detect-shape";
import { has, own, type JsonObject } from "../json-value";
import { joinPointer } from "../pointer";
import { describeJsonType, type ProblemSink } from "../problems";

/** Released A2A versions (facts.md §0), with and without patch digits. 0.2.9 was never released. */
const RELEASED = new Set([
  "0.1", "0.1.0", "0.2", "0.2.0", "0.2.1", "0.2.2", "0.2.3", "0.2.4", "0.2.5", "0.2.6",
  "0.3", "0.3.0", "1.0", "1.0.0", "1.0.1",
]);

const PATCH_DIGITS = /^\s*(\d+\.\d+)\.\d+\s*$/;

function reportVersionText(version: string, pointer: string, field: string, patchMatters: boolean, sink: ProblemSink): void {
  if (!RELEASED.has(version.trim())) sink.add("unknownProtocolVersion", pointer, { field, version });
  const patch = PATCH_DIGITS.exec(version);
  // 1.0 compares Major.Minor only and says patch digits SHOULD NOT be sent (D10 §3.6).
  if (patchMatters && patch) sink.add("versionPatchDigits", pointer, { field, version, suggested: patch[1] ?? version });
}

/** A 1.0 `supportedInterfaces[]` entry's version (REQUIRED there). */
export function checkInterfaceVersion(entry: JsonObject, pointer: string, field: string, sink: ProblemSink): void {
  if (!has(entry, "protocolVersion")) {
    sink.add("interfaceMissingProtocolVersion", pointer, { field });
    return;
  }
  const version = entry.protocolVersion;
  const versionPointer = joinPointer(pointer, "protocolVersion");
  if (typeof version !== "string") {
    sink.add("ignoredWrongType", versionPointer, { field: field + ".protocolVersion", expected: "string", found: describeJsonType(version) });
    return;
  }
  reportVersionText(version, versionPointer, field + ".protocolVersion", true, sink);
}

/** Card-level `protocolVersion` / `protocolVersions`. */
export function checkCardVersion(card: JsonObject, shape: CardShape, sink: ProblemSink): void {
  if (has(card, "protocolVersions")) sink.add("draftProtocolVersions", "/protocolVersions", {});
  const version = own(card, "protocolVersion");
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
  reportVersionText(version, "/protocolVersion", "protocolVersion", is10Shape && is1x, sink);
  if (is10Shape && is1x) sink.add("cardLevelProtocolVersion", "/protocolVersion", { version });
  if (!is10Shape && is1x && shape !== "unknown") sink.add("protocolVersionShapeMismatch", "/protocolVersion", { version, shape });
}
