/** One line, with Markdown's and tables' special characters made literal: text from cards and profiles cannot rewrite a ticket. */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").replace(/[\\`*_[\]<>|~]/g, "\\$&");
}
