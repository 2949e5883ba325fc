import { describe, expect, it } from "vitest";
import { ENGINE_VERSION, INVARIANT_IDS, review } from "@/lib/negotiation";
import { buildRulePage, type RulePage } from "@/lib/negotiation/rule-docs";
import { decodeReviewLink, type SnapshotLinkState } from "@/lib/share";
import { buildExampleHref } from "./example-link";

/** What the workspace will read from the link: decoded with the share codec, as it does. */
function openLink(href: string): SnapshotLinkState {
  expect(href.startsWith("/#v1.")).toBe(true);
  const decoded = decodeReviewLink(href);
  if (!decoded.ok || decoded.link.kind !== "snapshot") throw new Error(`not a snapshot link: ${JSON.stringify(decoded)}`);
  return decoded.link.state;
}

const pages = INVARIANT_IDS.map((id) => [id, buildRulePage(id) as RulePage] as const);

describe.each(pages)("rule page %s: its examples open in the workspace with the claimed decisions", (_id, page) => {
  it.each(["failing", "passing"] as const)("%s example", (which) => {
    const result = page[which];
    const { example } = result;
    const state = openLink(buildExampleHref(example.cardText, example.profile, example.context, result.review));
    expect(state.cardText).toBe(example.cardText);
    expect(state.profile).toEqual(example.profile);
    expect(state.context).toEqual(example.context);
    expect(state.engineVersion).toBe(ENGINE_VERSION);
    expect(state.decisions).toEqual(example.claims);
    // Reviewed again from the link alone, the card gets exactly the decisions the page claims.
    const reopened = review(state.cardText, state.profile, { context: state.context });
    expect(Object.fromEntries(reopened.decisions.map((d) => [d.taskClass, d.decision]))).toEqual(example.claims);
  });

  it("each condition's variant opens with the decision the page shows", () => {
    for (const row of page.conditions) {
      const state = openLink(buildExampleHref(page.doc.failing.cardText, row.inputs.profile, row.inputs.context, row.review));
      const reopened = review(state.cardText, state.profile, { context: state.context });
      expect(reopened.decisions.find((d) => d.taskClass === row.inputs.taskClass)?.decision).toBe(row.after.decision);
    }
  });
});
