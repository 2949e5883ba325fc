import { describe, expect, it } from "vitest";
import { NORTHWIND, review } from "@/lib/negotiation";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { acknowledgedMarkdown } from "./acknowledged-markdown";

// What "Copy as Markdown" adds for the acknowledgements a review link carries: the class they bear
// on with its decision unchanged, and each one's reason, who and until when, escaped for a ticket.
const reviewed = review(CONTOSO.text, NORTHWIND);
const ACK = { invariant: "live-input-needs-streaming" as const, taskClass: "live-input", reason: "Contoso turns | streaming on next quarter.", by: "Ana", until: "2099-12-31" };
const NOW = new Date("2026-12-06T00:00:00Z");

describe("acknowledgedMarkdown", () => {
  it("says which decision is acknowledged, unchanged, and why, with the table's characters made literal", () => {
    const text = acknowledgedMarkdown(reviewed, CONTOSO.text, [ACK], NOW);
    expect(text).toContain("**Acknowledged findings** (known and accepted; each decision above stands as decided):");
    expect(text).toContain("- live-input: reject, acknowledged (live-input-needs-streaming); it does not fail a gate.");
    expect(text).toContain("  - live-input-needs-streaming acknowledged for live-input by Ana until 2099-12-31: Contoso turns \\| streaming on next quarter.");
    expect(text).toContain("The link carries 1 acknowledgement.");
  });

  it("an expired acknowledgement is said to be expired; one that bears on nothing is still counted", () => {
    expect(acknowledgedMarkdown(reviewed, CONTOSO.text, [{ ...ACK, until: "2021-06-30" }], NOW)).toContain("expired on 2021-06-30: the finding counts again.");
    const elsewhere = acknowledgedMarkdown(reviewed, CONTOSO.text, [{ invariant: "signed-card", reason: "Unsigned for now." }], NOW);
    expect(elsewhere).toContain("- The link carries 1 acknowledgement; none bears on these decisions.");
  });

  it("no acknowledgements: nothing is added", () => {
    expect(acknowledgedMarkdown(reviewed, CONTOSO.text, [], NOW)).toBe("");
  });
});
