import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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
    // Asked for no link, none comes, even with a base given (or set by PARLEY_BASE_URL).
    const both = JSON.parse((await runCli([...argv, "--link-base", "https://parley.example", "--no-review-link"])).stdout) as Doc;
    expect(both.records[0]).not.toHaveProperty("reviewLink");
  });
});

// Issue 42: a record made with a config file that acknowledges findings opened a review without
// them (a v1 link), so the cell the run had called acknowledged read as a plain reject.
describe("a record of a run with acknowledged findings", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "parley-record-link-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const ACK = { invariant: "live-input-needs-streaming", taskClass: "live-input", reason: "Contoso turns streaming on next quarter.", by: "Ana", until: "2099-12-31" };
  // Limited to another card: it bears on nothing here.
  const OTHER_CARD = { invariant: "live-input-needs-streaming", reason: "Another agent's card.", card: `sha256:${"0".repeat(64)}` };
  const configFile = (name: string, acknowledgements: object[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify({ profile: "northwind", acknowledgements }));
    return file;
  };
  const acknowledgementsOf = (link: string) => {
    const decoded = decodeReviewLink(link);
    if (!decoded.ok) throw new Error(`the record's link does not decode: ${decoded.error.code}`);
    return decoded.link.state.acknowledgements;
  };

  it("carries those that bear on the review in a v2 link, which opens with them", async () => {
    const config = configFile("acknowledged.json", [OTHER_CARD, ACK]);
    const { stdout } = await runCli([...argv, "--config", config]);
    const [record] = (JSON.parse(stdout) as Doc).records;
    expect(record!.reviewLink).toMatch(/^#v2\./);
    expect(acknowledgementsOf(record!.reviewLink!)).toEqual([ACK]);

    // Under a link base too, and the Markdown's link is the same review.
    const based = JSON.parse((await runCli([...argv, "--config", config, "--link-base", "https://parley.example"])).stdout) as Doc;
    expect(based.records[0]!.reviewLink).toMatch(/^https:\/\/parley\.example\/#v2\./);
    expect(acknowledgementsOf(based.records[0]!.reviewLink!)).toEqual([ACK]);
    const markdown = (await runCli([...argv.slice(0, -2), "--format", "markdown", "--config", config, "--link-base", "https://parley.example"])).stdout;
    expect(acknowledgementsOf(/\((https:\/\/parley\.example\/#v2\.[^)]+)\)/.exec(markdown)![1]!)).toEqual([ACK]);
  });

  it("stays a v1 link when no acknowledgement bears on the review", async () => {
    const { stdout } = await runCli([...argv, "--config", configFile("elsewhere.json", [OTHER_CARD])]);
    expect((JSON.parse(stdout) as Doc).records[0]!.reviewLink).toMatch(/^#v1\./);
  });

  it("says so when those acknowledgements are too large for a link: under a link base the run stops, without one the record has no link", async () => {
    const long = Array.from({ length: 500 }, (_, i) => ({ ...ACK, reason: `${i} ${"x".repeat(300)}` }));
    const config = configFile("long.json", long);
    const based = await runCli([...argv, "--config", config, "--link-base", "https://parley.example"]);
    expect(based.stdout).toBe("");
    expect(based.stderr).toContain("cannot make a review link for this card and the 500 acknowledgements that bear on it");
    expect(based.stderr).toMatch(/take [\d.]+ (KiB|MiB), more than the 64 KiB allowed/);
    const bare = JSON.parse((await runCli([...argv, "--config", config])).stdout) as Doc;
    expect(bare.records[0]).not.toHaveProperty("reviewLink");
  });
});
