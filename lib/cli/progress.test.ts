import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readCorpusCard } from "../../fixtures/corpus";
import { count, progressOn } from "./progress";
import { runCli } from "./test-io";

function stream(isTTY: boolean): { out: PassThrough; text: () => string } {
  const out = new PassThrough();
  if (isTTY) Object.assign(out, { isTTY: true });
  const chunks: string[] = [];
  out.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
  return { out, text: () => chunks.join("") };
}

describe("progress on stderr", () => {
  it("draws at most once per interval, in place, then closes with one line and the time taken", () => {
    let clock = 0;
    const { out, text } = stream(true);
    const progress = progressOn(out, { intervalMs: 1000, now: () => clock });
    clock = 400;
    progress.update(() => "early");
    clock = 1200;
    progress.update((ms) => `at ${ms} ms`);
    clock = 1500;
    progress.update(() => "too soon");
    clock = 2300;
    progress.update((ms) => `at ${ms} ms`);
    clock = 2500;
    progress.done("finished");
    expect(text()).toBe("\r\u001b[Kat 1200 ms (1.2 s)\r\u001b[Kat 2300 ms (2.3 s)\r\u001b[Kfinished in 2.5 s.\n");
  });

  it("writes nothing at all when stderr is not a terminal (a pipe, a CI log)", () => {
    let clock = 0;
    const { out, text } = stream(false);
    const progress = progressOn(out, { now: () => clock });
    clock = 5000;
    progress.update(() => "never shown");
    progress.done("never shown");
    expect(text()).toBe("");
  });

  it("a short run on a terminal gets the closing line only", () => {
    const { out, text } = stream(true);
    const progress = progressOn(out, { now: () => 0 });
    progress.update(() => "not yet");
    progress.done("done");
    expect(text()).toBe("done in 0.0 s.\n");
  });
});

describe("batch and seed-check report their totals on a terminal", () => {
  const card = JSON.stringify(readCorpusCard("a2a-docs-v0.3.0-extensions-magic8ball.json"));
  const lines = [`{"id":1,"cardText":${card},"profile":"a2a-js-sdk-client-node"}`, `{"id":2,"cardText":${card},"profile":"a2a-python-sdk-client"}`, "not json"].join("\n");

  it("batch: lines answered, with how many had a rejection and how many could not be reviewed", async () => {
    const onTerminal = await runCli(["batch"], { stdin: lines, stderrIsTTY: true });
    expect(onTerminal.stderr).toMatch(/^parley batch: 3 lines answered; 2 with a rejection, 1 not reviewable in \d+\.\d s\.\n/);
    const piped = await runCli(["batch"], { stdin: lines });
    expect(piped.stderr).not.toContain("answered");
    expect(piped.stdout).toBe(onTerminal.stdout);
  });

  it("seed-check: lines checked, with how many raised", async () => {
    const seedLine = JSON.stringify({ id: "a", card: { name: "x", capabilities: { streaming: false }, defaultInputModes: ["audio/pcm"], defaultOutputModes: ["text/plain"], skills: [] }, client_profile: { live_only_input_modes: ["audio/pcm"] }, task_class: "live-input" });
    const result = await runCli(["seed-check"], { stdin: seedLine + "\n", stderrIsTTY: true });
    expect(result.stderr).toMatch(/^parley seed-check: 1 line checked; 1 raised, 0 not checkable in \d+\.\d s\.\n$/);
  });
});

describe("counts in progress lines", () => {
  it("groups thousands as the docs write them (12,345), as toLocaleString(\"en-US\") does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -4_321, Number.MAX_SAFE_INTEGER, 2.5, -0]) {
      expect(count(n)).toBe(n.toLocaleString("en-US"));
    }
    expect(count(1_000_000)).toBe("1,000,000");
  });
});
