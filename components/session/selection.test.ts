import { describe, expect, it } from "vitest";
import { runReview, loadEngine } from "./workspace-review";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { NORTHWIND } from "@/lib/negotiation";
import { resolveSelection } from "./selection";

// The workspace loads the review engine on demand; these tests use it from the start.
await loadEngine();

const valid = runReview(CONTOSO.text, NORTHWIND, {});
const unparseable = runReview('{"name": ', NORTHWIND, {});
const onlyText = runReview(CONTOSO.text, NORTHWIND, {}, ["request-response"]);

describe("resolveSelection after the review changed", () => {
  it("keeps a cell whose row still has that finding", () => {
    const cell = { taskClass: "async-completion", invariant: "push-callback-mtls" };
    expect(resolveSelection(cell, valid)).toEqual(cell);
  });
  it("falls back to the row's decision when the finding is gone (an invariant this engine does not have)", () => {
    expect(resolveSelection({ taskClass: "live-input", invariant: "from-a-newer-engine" }, valid)).toEqual({ taskClass: "live-input" });
  });
  it("keeps a cell of an invalid card: it says why it was not evaluated", () => {
    const cell = { taskClass: "live-input", invariant: "live-input-needs-streaming" };
    expect(resolveSelection(cell, unparseable)).toEqual(cell);
  });
  it("drops the selection when its task class is no longer reviewed", () => {
    expect(resolveSelection({ taskClass: "live-input" }, onlyText)).toBeNull();
  });
  it("keeps a decision selection, and no selection stays none", () => {
    expect(resolveSelection({ taskClass: "request-response" }, onlyText)).toEqual({ taskClass: "request-response" });
    expect(resolveSelection(null, valid)).toBeNull();
  });
});
