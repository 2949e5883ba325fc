import { describe, expect, it } from "vitest";
import { lintCard, NORTHWIND, review } from "../negotiation";
import { CONTOSO } from "../negotiation/examples/incidents";
import { failPolicy } from "./formats";
import { lintToGitlabCodeQuality, toGitlabCodeQuality } from "./gitlab";

// GitLab reads a Code Quality report as an array of issues; a merge request compares fingerprints
// between the base and the head, so a fingerprint must name the issue, not its wording or line.
const SEVERITIES = ["info", "minor", "major", "critical", "blocker"];

describe("GitLab Code Quality", () => {
  const result = review(CONTOSO.text, NORTHWIND, { taskClasses: ["live-input", "async-completion", "request-response"] });
  const issues = toGitlabCodeQuality({ review: result, cardText: CONTOSO.text, cardUri: "cards/contoso.json" });

  it("has an issue per finding behind a non-accept decision, with GitLab's fields, at the card's line", () => {
    for (const issue of issues) {
      expect(Object.keys(issue).sort()).toEqual(["check_name", "description", "fingerprint", "location", "severity"]);
      expect(SEVERITIES).toContain(issue.severity);
      expect(issue.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(issue.location.path).toBe("cards/contoso.json");
      expect(issue.location.lines.begin).toBeGreaterThan(0);
    }
    const live = issues.find((i) => i.check_name === "live-input-needs-streaming");
    expect(live).toMatchObject({ severity: "critical" });
    expect(live?.description).toMatch(/^live-input: reject\. .*audio\/pcm/);
    // The degraded class is a minor issue (as SARIF calls it a warning), not a failure; the accepted one is not there.
    expect(issues.find((i) => i.description.startsWith("async-completion"))?.severity).toBe("minor");
    expect(issues.some((i) => i.description.startsWith("request-response"))).toBe(false);
  });

  it("keeps fingerprints unique within a report and stable across runs and --fail-on", () => {
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    const again = toGitlabCodeQuality({ review: result, cardText: CONTOSO.text, cardUri: "cards/contoso.json", failOn: failPolicy(["defer"]) });
    expect(again.map((i) => i.fingerprint)).toEqual(issues.map((i) => i.fingerprint));
  });

  it("reports an invalid card's errors as critical, and lint's problems with their line", () => {
    const broken = '{\n  "name": "x",\n  "url": 5\n}';
    const bad = toGitlabCodeQuality({ review: review(broken, NORTHWIND), cardText: broken, cardUri: "b.json" });
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.every((i) => i.severity === "critical")).toBe(true);
    const lint = lintToGitlabCodeQuality({ lint: lintCard(broken), cardText: broken, cardUri: "b.json" });
    expect(lint.find((i) => i.check_name.startsWith("validity/"))?.severity).toBe("critical");
    expect(lint.some((i) => i.location.lines.begin === 3)).toBe(true);
  });
});
