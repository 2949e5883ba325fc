import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli/test-io";
import { csvField } from "./triage";
import { escapeMarkdown } from "../markdown";
import { defuseLineStart, oneLine } from "./escape";

// A hostile card corpus through every text format the CLI writes: everything a card says is data,
// so no output line may start with text of the card's making (a CI log reads a line starting with
// `::` as a workflow command), and no terminal escape code or line separator may pass.
const BREAKS = ["\n", "\r\n", "\r", "\u2028", "\u2029", "\u0085"];
const payload = (where: string) => BREAKS.map((b, i) => `${where}${b}::error::PWNED ${i}${b}::add-mask::x${b}::stop-commands::t${b}PWNED-LINE`).join("") + "\u001b]0;title\u0007\u001b[31m @octocat <img src=x onerror=alert(1)> ##[error]x";

const hostile = {
  name: payload("name"),
  description: payload("description"),
  version: "1.0.0",
  protocolVersion: "0.3.0",
  url: `https://agent.example/${payload("url")}`,
  provider: { organization: payload("org"), url: "https://agent.example" },
  defaultInputModes: [payload("mode"), "text/plain"],
  defaultOutputModes: ["text/plain"],
  capabilities: { streaming: payload("streaming"), pushNotifications: false },
  skills: [{ id: payload("skill"), name: payload("skill name"), description: payload("skill description"), tags: [payload("tag")], inputModes: [payload("skill mode")] }],
  [payload("key")]: payload("value"),
};

const dir = mkdtempSync(path.join(tmpdir(), "parley-injection-"));
const cardPath = path.join(dir, "hostile.json");
writeFileSync(cardPath, JSON.stringify(hostile, null, 2));
const before = path.join(dir, "before.json");
writeFileSync(before, JSON.stringify({ ...hostile, name: "Plain", [payload("old key")]: 1 }, null, 2));
const cardsDir = mkdtempSync(path.join(tmpdir(), "parley-injection-cards-"));
for (const name of ["a;=1+1.json", "b,@SUM(1).json", "c\n::error::file.json", "d\u001b[2J.json"]) writeFileSync(path.join(cardsDir, name), JSON.stringify(hostile));

/**
 * Every line, checked: none starts with a command marker or card text, and (text formats) none
 * carries a control character. JSON keeps U+2028, U+2029 and C1 characters inside its strings, as
 * JSON may; a runner splits log lines on line feeds, which JSON always escapes.
 */
function expectNoInjectedLines(output: string, { json = false } = {}) {
  expect(output.length).toBeGreaterThan(0);
  for (const line of output.split("\n")) {
    expect(line).not.toMatch(/^\s*(::|##\[|##vso\[)/);
    expect(line).not.toMatch(/^\s*(PWNED|::)/);
    expect(line).not.toMatch(json ? /[\u0000-\u0008\u000b-\u001f]/ : /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  }
}

describe("no output format lets card text start a line of its own", () => {
  it.each(["text", "junit", "markdown"])("check --format %s", async (format) => {
    const r = await runCli(["check", "--card", cardPath, "--profile", "northwind", "--format", format]);
    expect(r.stdout).toContain("PWNED");
    expectNoInjectedLines(r.stdout);
    if (format === "markdown") {
      // Escaped, `\<img` is text; a mention carries a word joiner after its @.
      expect(r.stdout).not.toMatch(/@octocat|(?<!\\)<img/);
    }
  });

  it("check --format github writes only its own annotations, the card's text escaped inside them", async () => {
    const r = await runCli(["check", "--card", cardPath, "--profile", "northwind", "--format", "github"]);
    for (const line of r.stdout.split("\n").filter(Boolean)) expect(line).toMatch(/^::(error|warning|notice) file=/);
  });

  it("check --format sarif and json are JSON: every line break inside a string is escaped", async () => {
    for (const format of ["sarif", "json"]) {
      const r = await runCli(["check", "--card", cardPath, "--profile", "northwind", "--format", format]);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
      expectNoInjectedLines(r.stdout, { json: true });
    }
  });

  it("diff, text", async () => {
    const r = await runCli(["diff", before, cardPath, "--profile", "northwind"]);
    expect(r.stdout).toContain("PWNED");
    expectNoInjectedLines(r.stdout);
  });

  it.each(["csv", "markdown", "json"])("triage --format %s, card files with hostile names", async (format) => {
    const r = await runCli(["triage", "--cards", cardsDir, "--profiles", "northwind", "--format", format]);
    expectNoInjectedLines(r.stdout, { json: format === "json" });
    if (format === "csv") {
      // Labels are the files' paths: each quoted, so neither a `,` nor a `;` locale splits it.
      expect(r.stdout).toContain('a;=1+1.json"');
      expect(r.stdout).toMatch(/(^|,)"[^"]*b,@SUM\(1\)\.json"/m);
      expect(r.stdout.split("\n").filter(Boolean)).toHaveLength(5);
    }
  });
});

describe("the escapes", () => {
  it.each([
    ["a\nb", "a\\nb"],
    ["a\r\nb", "a\\r\\nb"],
    ["tab\there", "tab\\there"],
    ["\u001b[31mred", "\\x1b[31mred"],
    ["\u2028\u2029\u0085", "\\u{2028}\\u{2029}\\x85"],
    ["right\u202eto left", "right\\u{202e}to left"],
    ["plain, ünïcode ✓", "plain, ünïcode ✓"],
  ])("oneLine(%j) is %j", (input, expected) => {
    expect(oneLine(input)).toBe(expected);
  });

  it.each([
    ["::error::x", "\\::error::x"],
    ["   ::warning::x", "   \\::warning::x"],
    ["##[error]x", "\\##[error]x"],
    ["##vso[task.setvariable]x", "\\##vso[task.setvariable]x"],
    ["name: a::b", "name: a::b"],
  ])("defuseLineStart(%j) is %j", (input, expected) => {
    expect(defuseLineStart(input)).toBe(expected);
  });

  it.each([
    ["a;=1+1.json", '"a;=1+1.json"'],
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    [" =1+1", `"' =1+1"`],
    ["-2+3", "'-2+3"],
    ["@SUM(1)", "'@SUM(1)"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", "line\\nbreak"],
    ["::error::x", '"::error::x"'],
    ["plain", "plain"],
  ])("csvField(%j) is %j", (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it.each([
    ["hi @octocat", "hi @\u2060octocat"],
    ["<script>", "\\<script\\>"],
    ["&lt;b&gt;", "\\&lt;b\\&gt;"],
    ["a\n::error::x", "a \\:\\:error\\:\\:x"],
    ["\u001b[2J", "\\\\x1b\\[2J"],
    ["mail me@example.com", "mail me@\u2060example.com"],
  ])("escapeMarkdown(%j) is %j", (input, expected) => {
    expect(escapeMarkdown(input)).toBe(expected);
  });
});

describe("GitHub annotations pass no control character of the card's making (issue 41.4)", () => {
  // NUL, ESC (a colour and a title sequence), C1's CSI, DEL and the bidi marks that reorder a line.
  const controls = "\u0000\u001b[31m\u001b]0;t\u0007\u009b2J\u007f\u202e\u2066\u200f";
  const card = { ...hostile, name: `n${controls}`, defaultInputModes: [`mode${controls}`, "text/plain"], capabilities: { streaming: `s${controls}`, pushNotifications: false } };
  const file = path.join(dir, "controls.json");
  writeFileSync(file, JSON.stringify(card, null, 2));

  it.each(["check", "lint"])("%s --format github", async (command) => {
    const args = command === "check" ? ["check", "--card", file, "--profile", "northwind", "--format", "github"] : ["lint", "--card", file, "--format", "github"];
    const r = await runCli(args);
    expect(r.stdout).toMatch(/^::error /m);
    expect(r.stdout).toContain("\\x1b");
    for (const line of r.stdout.split("\n")) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });
});
