import { parse as parseJsonc, printParseErrorCode, type ParseError } from "jsonc-parser";
import { ClientProfile } from "@/lib/negotiation/profile";

/** A problem in the profile JSON, placed where it is: a text offset or a JSON pointer. */
export interface ProfileIssue {
  message: string;
  pointer?: string;
  offset?: number;
}

export type ProfileParse = { ok: true; profile: ClientProfile } | { ok: false; issues: ProfileIssue[] };

export function formatProfile(profile: ClientProfile): string {
  return JSON.stringify(profile, null, 2) + "\n";
}

function toPointer(path: readonly PropertyKey[]): string {
  return path.map((part) => "/" + String(part).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

const PARSE_WORDS: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "malformed number",
  PropertyNameExpected: "a property name (in double quotes) is expected",
  ValueExpected: "a value is expected",
  ColonExpected: "a colon is expected",
  CommaExpected: "a comma is expected",
  CloseBraceExpected: "a closing } is expected",
  CloseBracketExpected: "a closing ] is expected",
  EndOfFileExpected: "nothing may follow the profile object",
  InvalidCommentToken: "comments are not JSON",
  UnexpectedEndOfComment: "unterminated comment",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unterminated number",
  InvalidUnicode: "invalid unicode escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in a string",
};

/** Parses profile JSON text; never throws. Syntax errors carry offsets, schema errors pointers. */
export function parseProfileText(text: string): ProfileParse {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0) {
    return {
      ok: false,
      issues: errors.slice(0, 5).map((error) => {
        const code = printParseErrorCode(error.error);
        return { message: `Not JSON: ${PARSE_WORDS[code] ?? code}.`, offset: error.offset };
      }),
    };
  }
  const result = ClientProfile.safeParse(value);
  if (result.success) return { ok: true, profile: result.data };
  return {
    ok: false,
    issues: result.error.issues.flatMap((issue): ProfileIssue[] => {
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((key) => ({
          message: `"${key}" is not a client profile field.`,
          pointer: toPointer([...issue.path, key]),
        }));
      }
      const at = issue.path.length > 0 ? issue.path.join(".") : "the profile";
      return [{ message: `${at}: ${issue.message}`, pointer: toPointer(issue.path) }];
    }),
  };
}
