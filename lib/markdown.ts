/**
 * One line, with Markdown's and tables' special characters made literal: text from cards and
 * profiles cannot rewrite a ticket. Line breaks become spaces; other control characters (terminal
 * escape codes) visible `\xNN` escapes; HTML and entities (`<`, `>`, `&`) and `@` mentions are
 * defused (a word joiner after `@`, so no one is notified by a card's text); a value that would
 * start a line with a CI command marker (`::`) is escaped too.
 */
export function escapeMarkdown(text: string): string {
  const flat = text.replace(/\s*[\r\n\u0085\u2028\u2029]+\s*/g, " ");
  const visible = flat.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
  });
  return visible
    .replace(/[\\`*_[\]<>|~&]/g, "\\$&")
    .replace(/::/g, "\\:\\:")
    .replace(/@(?=[\w-])/g, "@\u2060");
}
