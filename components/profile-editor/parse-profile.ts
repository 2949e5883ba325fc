import { findJsonSyntaxError, type JsonSyntaxCode } from "@/lib/negotiation/card/json-scan";
import { ClientProfile } from "@/lib/negotiation/profile";
import { pointerFromPath } from "@/lib/negotiation/card/pointer";

/** A problem in the profile JSON, placed where it is: a text offset or a JSON pointer. */
export interface ProfileIssue {
  message: string;
  pointer?: string;
  offset?: number;
}

export type ProfileParse = { ok: true; profile: ClientProfile } | { ok: false; issues: ProfileIssue[] };

export { formatProfile } from "./format-profile";


const PARSE_WORDS: Record<JsonSyntaxCode, string> = {
  invalidSymbol: "unexpected character",
  propertyNameExpected: "a property name (in double quotes) is expected",
  valueExpected: "a value is expected",
  colonExpected: "a colon is expected",
  commaExpected: "a comma is expected",
  closeBraceExpected: "a closing } is expected",
  closeBracketExpected: "a closing ] is expected",
  endOfFileExpected: "nothing may follow the profile object",
  invalidCommentToken: "comments are not JSON",
  unexpectedEndOfString: "unterminated string",
  unexpectedEndOfNumber: "unterminated number",
  invalidUnicode: "invalid unicode escape",
  invalidEscapeCharacter: "invalid escape character",
  invalidCharacter: "invalid character in a string",
};

/** Parses profile JSON text; never throws. A syntax error carries its offset, schema errors pointers. */
export function parseProfileText(text: string): ProfileParse {
  const syntax = findJsonSyntaxError(text);
  if (syntax) return { ok: false, issues: [{ message: `Not JSON: ${PARSE_WORDS[syntax.code]}.`, offset: syntax.offset }] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Only text nested deeper than the scanner follows gets here.
    return { ok: false, issues: [{ message: "Not JSON: it nests too deeply to read.", offset: 0 }] };
  }
  const result = ClientProfile.safeParse(value);
  if (result.success) return { ok: true, profile: result.data };
  return {
    ok: false,
    issues: result.error.issues.flatMap((issue): ProfileIssue[] => {
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((key) => ({
          message: `"${key}" is not a client profile field.`,
          pointer: pointerFromPath([...issue.path, key]),
        }));
      }
      // The pointer is shown beside the message (and the editor underlines the place): naming the
      // path again in the message read "/streaming streaming: …".
      const message = issue.path.length > 0 ? issue.message : `The profile: ${issue.message}`;
      return [{ message, pointer: pointerFromPath(issue.path) }];
    }),
  };
}
