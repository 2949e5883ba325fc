/**
 * English for problems in a client profile's JSON (the workspace's JSON view, an imported profile
 * file): said in terms of the profile's own fields and values, never the validator's wording.
 * The data is built by components/profile-editor/parse-profile.ts.
 */
export type ProfileIssueData =
  /** The text is not JSON; `problem` names what the scanner expected (json-scan's codes). */
  | { code: "notJson"; problem: string; line?: number; column?: number }
  | { code: "tooDeep" }
  | { code: "unknownField"; field: string; known: string[] }
  | { code: "wrongType"; field: string; expected: string; found: unknown }
  | { code: "empty"; field: string; kind: "text" | "list" }
  | { code: "notOneOf"; field: string; options: string[]; found: unknown }
  | { code: "other"; field: string; detail: string };

const SYNTAX: Record<string, string> = {
  invalidSymbol: "an unexpected character",
  propertyNameExpected: "a field name in double quotes is expected",
  valueExpected: "a value is expected",
  colonExpected: "a colon is expected after the field name",
  commaExpected: "a comma is expected between fields or list items",
  closeBraceExpected: "a closing } is missing",
  closeBracketExpected: "a closing ] is missing",
  endOfFileExpected: "nothing may follow the profile's closing }",
  invalidCommentToken: "comments are not allowed in JSON",
  unexpectedEndOfString: "a text value is not closed with a double quote",
  unexpectedEndOfNumber: "a number is cut short",
  invalidUnicode: "a \\u escape is not four hex digits",
  invalidEscapeCharacter: "a backslash escape is not one JSON knows",
  invalidCharacter: "a control character (a line break or tab) is inside a text value",
};

const EXPECTED: Record<string, string> = {
  boolean: "true or false",
  string: "text in double quotes",
  number: "a number",
  array: "a list in [ ]",
  object: "an object in { }",
};

export function describeProfileIssue(issue: ProfileIssueData): string {
  switch (issue.code) {
    case "notJson": {
      const what = SYNTAX[issue.problem] ?? "the text stops being JSON";
      // In an editor the place is shown where the cursor is ("here"); a file names its line and column.
      return issue.line !== undefined && issue.column !== undefined ? `This is not JSON: at line ${issue.line}, column ${issue.column}, ${what}.` : `This is not JSON yet: ${what} here.`;
    }
    case "tooDeep":
      return "This nests too deeply to read; a profile is a flat object with a few small lists.";
    case "unknownField": {
      const name = lastSegment(issue.field);
      const near = closest(name, issue.known);
      const where = parentName(issue.field);
      return `"${name}" is not a field of ${where}${near ? `: did you mean "${near}"?` : `. Its fields are ${issue.known.join(", ")}.`}`;
    }
    case "wrongType":
      return `${fieldName(issue.field)} must be ${EXPECTED[issue.expected] ?? issue.expected}; it is ${describeValue(issue.found)}.${issue.expected === "boolean" && typeof issue.found === "string" ? " Write true or false without quotes, or leave the field out if it is unknown." : ""}`;
    case "empty":
      return issue.kind === "text" ? `${fieldName(issue.field)} must not be empty.` : `${fieldName(issue.field)} must not be an empty list.`;
    case "notOneOf":
      return `${fieldName(issue.field)} must be one of ${issue.options.map((o) => `"${o}"`).join(", ")}; it is ${describeValue(issue.found)}.`;
    case "other":
      return `${fieldName(issue.field)}: ${issue.detail}`;
  }
}

/** "callback.mtls", "inputModes[1]", or "the profile" for the whole document. */
function fieldName(pointer: string): string {
  if (pointer === "") return "The profile";
  const parts = pointer.slice(1).split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let out = "";
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out === "" ? part : `.${part}`;
  return `"${out}"`;
}

function parentName(pointer: string): string {
  const parent = pointer.slice(0, pointer.lastIndexOf("/"));
  return parent === "" ? "a client profile" : `${fieldName(parent)}`;
}

function lastSegment(pointer: string): string {
  return pointer.slice(pointer.lastIndexOf("/") + 1).replace(/~1/g, "/").replace(/~0/g, "~");
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "missing";
  if (typeof value === "string") return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 37) + "…" : value)}`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "a list";
  return "an object";
}

/** The known name nearest to a misspelt one, when it is near enough to be the likely intent. */
function closest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  // A shortened name ("bufferable" for "bufferableInputModes") is the clearest case.
  const extended = lower.length >= 4 ? known.filter((k) => k.toLowerCase().startsWith(lower)).sort((a, b) => a.length - b.length)[0] : undefined;
  if (extended) return extended;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(name.length / 4)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Math.abs(a.length - b.length) + 64;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}
