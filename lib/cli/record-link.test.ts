import { describe, expect, it } from "vitest";
import { decodeReviewLink } from "../share";
import { runCli } from "./test-io";

// Issue 42: a record written without --link-base could not reach its review in one click. Every
// record now carries its review as the fragment alone, which /explain opens on its own origin.
const argv = ["check", "--card", "examples/cards/contoso.json", "--profile", "northwind", "--task-class", "live-input", "--format", "json"];
type Doc = { records: Array<{ decision: string; reviewLink?: string }> };

describe("decision records carry their review", () => {
  it("by default, as a fragment that decodes to this card and decision", async () => {
    const { stdout } = await runCli(argv);
    const [record] = (JSON.parse(stdout) as Doc).records;
    expect(record!.reviewLink).toMatch(/^#v1\./);
    const decoded = decodeReviewLink(record!.reviewLink!.slice(1));
    if (!decoded.ok || decoded.link.kind !== "snapshot") throw new Error("the record's link does not decode to a snapshot");
    expect(decoded.link.state.decisions).toEqual({ "live-input": record!.decision });
  });

  it("under a link base, as a whole URL; with --no-review-link, not at all", async () => {
    const based = JSON.parse((await runCli([...argv, "--link-base", "https://parley.example"])).stdout) as Doc;
    expect(based.records[0]!.reviewLink).toMatch(/^https:\/\/parley\.example\/#v1\./);
    const none = JSON.parse((await runCli([...argv, "--no-review-link"])).stdout) as Doc;
    expect(none.records[0]).not.toHaveProperty("reviewLink");
  });
});
