import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INCIDENT_CARDS } from "./negotiation/examples/incidents";
import { BUILT_IN_TASK_CLASS_IDS, INVARIANT_IDS, INVARIANTS, PRESETS, presetSlug, specHref } from "./negotiation";
import { RULE_DOCUMENT_PATH, renderRuleDocument } from "./docs/rule-document";

// The README is where a newcomer meets the rules and the commands; keep it in step with the code.
const readme = readFileSync(path.resolve(__dirname, "../README.md"), "utf8");

describe("README stays in step with the engine", () => {
  it.each(INVARIANTS.map((i) => [i.meta.id, i.meta.description] as const))("lists rule %s with its description", (id, description) => {
    expect(readme).toContain(`[\`${id}\`](lib/negotiation/invariants/${id}/)`);
    expect(readme).toContain(description);
  });

  it("lists no rule the engine does not have", () => {
    const listed = [...readme.matchAll(/\]\(lib\/negotiation\/invariants\/([a-z-]+)\/\)/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...INVARIANT_IDS].sort());
  });

  it.each(BUILT_IN_TASK_CLASS_IDS)("describes task class %s", (id) => {
    expect(readme).toContain(`| \`${id}\` |`);
  });

  it("shows the two fresh-machine commands", () => {
    expect(readme).toContain("npm ci && npm run dev");
    expect(readme).toContain("npm ci && npm test");
  });
});

// docs/cli.md spells out what `--profile` and `--card example:` accept; the CLI lists them from code.
const cliDoc = readFileSync(path.resolve(__dirname, "../docs/cli.md"), "utf8");

describe("docs/cli.md stays in step with the CLI", () => {
  it.each(PRESETS.map((p) => presetSlug(p)))("names preset %s", (slug) => {
    expect(cliDoc).toContain(`\`${slug}\``);
  });

  it.each(INCIDENT_CARDS.map((c) => c.id))("names example card example:%s", (id) => {
    expect(cliDoc).toContain(`\`example:${id}\``);
  });

  it.each(BUILT_IN_TASK_CLASS_IDS)("names task class %s", (id) => {
    expect(cliDoc).toContain(`\`${id}\``);
  });
});

// docs/rule.md is the rule in Parley's words; every invariant's specRef names one of its sections,
// and the app serves it as /rule with the same heading ids.
const rule = renderRuleDocument(readFileSync(RULE_DOCUMENT_PATH, "utf8"));
const ruleSectionIds = [...rule.html.matchAll(/<h[2-4] id="([^"]+)"/g)].map((m) => m[1]);

describe("docs/rule.md stays in step with the invariants", () => {
  it.each(INVARIANTS.map((i) => [i.meta.id, i.meta.specRef] as const))("%s's specRef (%s) names a section that exists", (_id, specRef) => {
    const [file, anchor] = specRef.split("#");
    expect(file).toBe("docs/rule.md");
    expect(ruleSectionIds).toContain(anchor);
    expect(specHref(specRef)).toBe(`/rule#${anchor}`);
  });

  it.each(INVARIANTS.map((i) => i.meta.id))("links %s's rule page from its section (a repository link on a code host, /rules/<id> in the app)", (id) => {
    expect(rule.html).toContain(`href="/rules/${id}"`);
  });

  it("covers the rule's scope, conditions of validity, decision boundary and reference check", () => {
    for (const section of ["scope", "when-the-rule-binds-conditions-of-validity", "the-decision-boundary", "the-reference-check", "where-it-is-narrower-than-the-rule"]) {
      expect(ruleSectionIds).toContain(section);
    }
  });

  it("links nothing outside the repository by a relative path", () => {
    const relative = [...readFileSync(RULE_DOCUMENT_PATH, "utf8").matchAll(/\]\((\.\.\/\.\.[^)]*|\/work[^)]*)\)/g)].map((m) => m[1]);
    expect(relative).toEqual([]);
  });
});
