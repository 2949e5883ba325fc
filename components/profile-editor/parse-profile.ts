import { findJsonSyntaxError } from "@/lib/negotiation/card";
import { pointerFromPath } from "@/lib/negotiation/card";
import { describeProfileIssue, type ProfileIssueData } from "@/lib/negotiation/explain";
import { ClientProfile } from "@/lib/negotiation";

/** A problem in the profile JSON, placed where it is (a text offset or a JSON pointer), in the workspace's words. */
export interface ProfileIssue {
  message: string;
  pointer?: string;
  offset?: number;
}

export type ProfileParse = { ok: true; profile: ClientProfile } | { ok: false; issues: ProfileIssue[] };

export { formatProfile } from "./format-profile";

/** Parses profile JSON text; never throws. A syntax error carries its offset, field errors their pointer. */
export function parseProfileText(text: string): ProfileParse {
  const syntax = findJsonSyntaxError(text);
  if (syntax) return { ok: false, issues: [{ message: describeProfileIssue({ code: "notJson", problem: syntax.code }), offset: syntax.offset }] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Only text nested deeper than the scanner follows gets here.
    return { ok: false, issues: [{ message: describeProfileIssue({ code: "tooDeep" }), offset: 0 }] };
  }
  return validateProfile(value);
}

/** Checks a parsed value (JSON text, an imported file's entry) as a client profile. */
export function validateProfile(value: unknown): ProfileParse {
  const result = ClientProfile.safeParse(value);
  if (result.success) return { ok: true, profile: result.data };
  return {
    ok: false,
    issues: result.error.issues.flatMap((issue): ProfileIssue[] => {
      const path = issue.path.filter((key): key is string | number => typeof key !== "symbol");
      const pointer = pointerFromPath(path);
      const found = valueAt(value, path);
      const data = issueData(issue, pointer, found, path);
      return data.map((d) => ({ message: describeProfileIssue(d), pointer: d.code === "unknownField" ? d.field : pointer }));
    }),
  };
}

type ZodIssue = ReturnType<typeof ClientProfile.safeParse>["error"] extends infer E ? (E extends { issues: (infer I)[] } ? I : never) : never;

function issueData(issue: ZodIssue, pointer: string, found: unknown, path: (string | number)[]): ProfileIssueData[] {
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => ({ code: "unknownField", field: pointerFromPath([...path, key]), known: knownFieldsAt(path) }));
    case "invalid_type":
      return [{ code: "wrongType", field: pointer, expected: issue.expected, found }];
    case "too_small":
      return [{ code: "empty", field: pointer, kind: issue.origin === "array" ? "list" : "text" }];
    case "invalid_value":
      return [{ code: "notOneOf", field: pointer, options: issue.values.map(String), found }];
    default:
      return [{ code: "other", field: pointer, detail: issue.message }];
  }
}

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** The field names a profile object takes at a path, read from the schema itself (so they never drift). */
function knownFieldsAt(path: readonly (string | number)[]): string[] {
  let schema: unknown = ClientProfile;
  for (const key of path) {
    schema = shapeOf(schema)?.[String(key)];
    if (!schema) return [];
  }
  return Object.keys(shapeOf(schema) ?? {});
}

function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  // The public `def` (zod 4 and zod/mini), never the private `_zod`: zod may move within its range.
  let def = (schema as { def?: { type?: string; shape?: Record<string, unknown>; innerType?: unknown } } | undefined)?.def;
  while (def?.type === "optional" || def?.type === "nullable") def = (def.innerType as { def?: typeof def } | undefined)?.def;
  return def?.shape;
}
