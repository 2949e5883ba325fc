import type { CardShape } from "./model";
import { readCardFields, type CardFields } from "./card-fields";
import { isObject, type JsonObject } from "./json-value";

/**
 * Which A2A card shape a parsed document matches (facts.md §13). Decided on markers, not on
 * validity: an invalid card still gets the shape it was trying to be, so problems can be
 * reported in that shape's terms.
 *
 * - 1.0: `supportedInterfaces` is a non-empty array of objects (or the card has no 0.x endpoint
 *   and still says `supportedInterfaces`, or a card-level 1.x `protocolVersion`).
 * - hybrid: 1.0 `supportedInterfaces` plus 0.3 top-level markers (`url`, `preferredTransport`,
 *   `additionalInterfaces`, `supportsAuthenticatedExtendedCard`, card-level `protocolVersion`).
 *   A lone `security` does not make a hybrid: the official 1.0.1 sample carries it by mistake
 *   (facts §11.1), so it is a warning inside a 1.0 card instead.
 * - 0.1: legacy `authentication` (an object, or any value next to a `url`).
 * - 0.3 / 0.2: `url`; the declared `protocolVersion` decides, else 0.3 markers
 *   (`preferredTransport`, `additionalInterfaces`, `signatures`, a `mutualTLS` or wrapper-keyed
 *   scheme, skill-level `security`), else 0.2.
 * - unknown: none of the above (AHP, PubNub and similar documents served at A2A paths).
 */
export function detectShape(value: unknown): CardShape {
  return isObject(value) ? shapeOf(value, readCardFields(value)) : "unknown";
}

/** detectShape of a card whose shared fields are read already (loadCard reads them once for every stage). */
export function shapeOf(value: JsonObject, fields: CardFields): CardShape {
  const interfaces = fields.supportedInterfaces;
  if (isNonEmptyObjectArray(interfaces)) return hasLegacyTopLevelMarkers(fields) ? "hybrid" : "1.0";
  const hasUrl = fields.url !== undefined;
  const has03Transport = fields.preferredTransport !== undefined || fields.additionalInterfaces !== undefined;
  if (!hasUrl && !has03Transport) {
    if (fields.supportedInterfaces !== undefined || value.protocolVersions !== undefined) return "1.0";
    // A 0.1 card that lost its url is still 0.1 (and fails for the missing url, in 0.1 terms).
    if (isObject(value.authentication) && value.name !== undefined) return "0.1";
    const declared = versionMajorMinor(fields.protocolVersion);
    if (declared && declared.major >= 1) return "1.0";
    if (declared && declared.major === 0 && value.name !== undefined) return declared.minor >= 3 ? "0.3" : "0.2";
    // A card with A2A's core fields and no 0.x endpoint is read as the current version (it fails
    // validation for the missing interfaces, in 1.0 terms).
    if (value.name !== undefined && fields.capabilities !== undefined && Array.isArray(fields.skills)) return "1.0";
    return "unknown";
  }
  if (value.authentication !== undefined) return "0.1";
  const declared = versionMajorMinor(fields.protocolVersion);
  if (declared) {
    if (declared.major >= 1 || declared.minor >= 3) return "0.3";
    if (declared.minor === 1) return "0.1";
    return has03OnlyMarkers(value, fields) ? "0.3" : "0.2";
  }
  return has03Transport || has03OnlyMarkers(value, fields) ? "0.3" : "0.2";
}

function hasLegacyTopLevelMarkers(fields: CardFields): boolean {
  return (
    fields.url !== undefined ||
    fields.preferredTransport !== undefined ||
    fields.additionalInterfaces !== undefined ||
    fields.supportsAuthenticatedExtendedCard !== undefined ||
    fields.protocolVersion !== undefined
  );
}

function isNonEmptyObjectArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every(isObject);
}

/** Fields that first appeared in 0.3: a card declaring "0.2.9" (never released) but using them is 0.3. */
function has03OnlyMarkers(card: JsonObject, fields: CardFields): boolean {
  if (Array.isArray(card.signatures)) return true;
  const schemes = fields.securitySchemes;
  if (isObject(schemes)) {
    // for-in over parsed JSON: its own keys, with no key arrays or closures.
    for (const key in schemes) {
      const scheme = schemes[key];
      if (!isObject(scheme)) continue;
      const type = scheme.type;
      if (typeof type === "string" && type.toLowerCase() === "mutualtls") return true;
      for (const k in scheme) if (k.endsWith("SecurityScheme")) return true;
    }
  }
  const skills = fields.skills;
  if (Array.isArray(skills)) {
    for (const skill of skills) if (isObject(skill) && skill.security !== undefined) return true;
  }
  return false;
}

export interface MajorMinor {
  major: number;
  minor: number;
}

/** "0.3.0" → {0, 3}; "1.0" → {1, 0}; the number 1.0 → {1, 0}; anything else ("v1", "") → undefined. */
export function versionMajorMinor(value: unknown): MajorMinor | undefined {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) {
    const major = Math.trunc(value);
    return { major, minor: Math.round((value - major) * 10) };
  }
  if (typeof value !== "string") return undefined;
  // Shape detection and the version check both read every card's version: a plain "0.3" or
  // "1.0.0" is read by hand, with no match array; anything else (spaces, long digit runs) by the
  // pattern, which stays the definition.
  const major = digitsAt(value, 0);
  if (major > 0 && major <= 9 && value.charCodeAt(major) === DOT) {
    const minor = digitsAt(value, major + 1);
    let end = major + 1 + minor;
    if (minor > 0 && minor <= 9 && end < value.length && value.charCodeAt(end) === DOT) {
      const patch = digitsAt(value, end + 1);
      end = patch > 0 ? end + 1 + patch : -1;
    }
    if (minor > 0 && minor <= 9 && end === value.length) {
      return { major: Number(value.slice(0, major)), minor: Number(value.slice(major + 1, major + 1 + minor)) };
    }
  }
  const match = VERSION.exec(value);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]) };
}

const VERSION = /^\s*(\d+)\.(\d+)(?:\.\d+)?\s*$/;
const DOT = 46;

/** How many ASCII digits start at `from`. */
function digitsAt(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i++;
  }
  return i - from;
}
