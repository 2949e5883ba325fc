import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../negotiation";
import { runCli } from "./test-io";

// What a user of the CLI sees of issue 29: its own name in errors, a version, user-defined task
// classes on every command that decides, the card's name in the triage CSV. Run on examples/.
const ROOT = path.resolve(__dirname, "../..");
const ex = (p: string) => path.join(ROOT, "examples", p);
const classes = ex("task-classes.json");

describe("the CLI says who it is", () => {
  it("--version prints the engine version every review carries", async () => {
    const r = await runCli(["--version"]);
    expect(r).toMatchObject({ code: 0, stdout: `parley ${ENGINE_VERSION}\n`, stderr: "" });
    const review = await runCli(["check", "--card", ex("cards/text-desk.json"), "--profile", "northwind", "--format", "json"]);
    expect((JSON.parse(review.stdout) as { engine: { version: string } }).engine.version).toBe(ENGINE_VERSION);
  });

  it.each([
    [["frobnicate"]],
    [["check", "--card", ex("cards/no-such.json"), "--profile", "northwind"]],
    [["triage", "--cards", ex("cards"), "--profiles", "no-such-preset"]],
    [["diff", ex("cards/contoso.json"), ex("cards/nope.json"), "--profile", "northwind"]],
    [["batch", "--jobs", "0"]],
  ])("errors start with parley: (%j)", async (argv) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^parley: /);
  });
});

describe("--task-class-file on every command that decides", () => {
  it("check: the file's classes alone, aimed at their skills", async () => {
    const r = await runCli(["check", "--card", ex("cards/contoso.json"), "--profile", "northwind-buffering", "--task-class-file", classes, "--format", "json"]);
    const doc = JSON.parse(r.stdout) as { decisions: Record<string, { decision: string }> };
    expect(Object.keys(doc.decisions)).toEqual(["voice-note", "nightly-summary"]);
  });

  it("triage: columns for the --task-class ones, then the file's", async () => {
    const r = await runCli(["triage", "--cards", ex("cards/contoso.json"), "--profiles", "northwind", "--task-class", "live-input", "--task-class-file", classes, "--format", "csv"]);
    const [header, row] = r.stdout.trimEnd().split("\n");
    expect(header).toBe("card,name,source,profile,valid,worst,live-input,voice-note,nightly-summary,live-input rules,voice-note rules,nightly-summary rules");
    expect(row).toContain(",Contoso Voice Desk,");
    expect(row!.split(",").slice(6, 9)).toEqual(["reject", "accept", "accept"]);
  });

  it("diff: a user-defined class's decision moves with the card", async () => {
    const live = path.join(ROOT, "examples", "live-call.json");
    const r = await runCli(["diff", ex("cards/contoso.json"), ex("cards/contoso-streaming.json"), "--profile", "northwind", "--task-class-file", live, "--format", "json"]);
    const doc = JSON.parse(r.stdout) as { decisionChanges: Array<{ taskClass: string; before: string; after: string }> };
    expect(doc.decisionChanges.map((c) => [c.taskClass, c.before, c.after])).toEqual([["live-call", "reject", "accept"]]);
    expect(r.code).toBe(0);
  });

  it("batch: every line gets the file's classes; a line may name one by id, or carry a class object", async () => {
    const card = readFileSync(ex("cards/contoso.json"), "utf8");
    const voiceNote = (JSON.parse(readFileSync(classes, "utf8")) as Array<{ id: string }>)[0]!;
    const input = [
      JSON.stringify({ id: "all", cardText: card, profile: "northwind-buffering" }),
      JSON.stringify({ id: "named", cardText: card, profile: "northwind-buffering", taskClasses: ["live-input", "voice-note"] }),
      JSON.stringify({ id: "object", cardText: card, profile: "northwind-buffering", taskClasses: [{ ...voiceNote, id: "inline-note" }] }),
    ].join("\n");
    for (const jobs of ["1", "2"]) {
      const r = await runCli(["batch", "--jobs", jobs, "--task-class-file", classes], { stdin: input });
      const lines = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { id: string; decisions: Record<string, unknown> });
      expect(lines.map((l) => [l.id, Object.keys(l.decisions)])).toEqual([
        ["all", ["voice-note", "nightly-summary"]],
        ["named", ["live-input", "voice-note", "nightly-summary"]],
        ["object", ["inline-note", "voice-note", "nightly-summary"]],
      ]);
    }
  }, 60_000); // --jobs 2 starts two worker threads, each loading the engine

  it("a task class file that is not one is refused before any card is read, exit 2", async () => {
    for (const argv of [
      ["triage", "--cards", ex("cards"), "--profiles", "northwind", "--task-class-file", ex("profile.json")],
      ["diff", ex("cards/contoso.json"), ex("cards/contoso-streaming.json"), "--profile", "northwind", "--task-class-file", ex("profile.json")],
      ["batch", "--task-class-file", ex("profile.json")],
    ]) {
      const r = await runCli(argv, { stdin: "" });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^parley: --task-class-file .*profile\.json is not a valid task class: /);
      expect(r.stdout).toBe("");
    }
  });
});
