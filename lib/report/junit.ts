import { defuseLineStart, oneLine, safeLines } from "./escape";

/**
 * The one JUnit XML writer: a review's report (formats.ts), lint's (lint.ts) and the probe's
 * (probe.ts) build their test cases with `xml` and hand them to `junitDocument`, so every JUnit
 * file Parley writes escapes card and server text the same way (escape.ts, then XML's own rules).
 */

/**
 * Text for XML, kept on one line: a card's line breaks and control characters become visible
 * escapes (a CI log that prints the report must not get lines of the card's making), then markup
 * characters are escaped.
 */
export function xml(text: string): string {
  return xmlRaw(defuseLineStart(oneLine(text)));
}

/** Lines of the report's own making, each from card text made one line: joined by line breaks. */
export function xmlLines(lines: readonly string[]): string {
  return xmlRaw(safeLines(lines));
}

function xmlRaw(text: string): string {
  // Characters XML 1.0 forbids are dropped; markup characters are escaped.
  return text.replace(/[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd]/gu, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A JUnit XML document of one test suite: its test cases as written, and how many of them fail. */
export function junitDocument(name: string, suite: string, cases: readonly string[], failures: number): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${xml(name)}" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}" errors="0">`,
    ...cases,
    `  </testsuite>`,
    `</testsuites>`,
    "",
  ].join("\n");
}
