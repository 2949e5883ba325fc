import { readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { CONTOSO } from "../negotiation/examples/incidents";
import { findPreset, NORTHWIND, PRESETS, presetSlug, review } from "../negotiation";
import { runBatch } from "./batch";
import { toReviewJson } from "./review-json";
import { runCli } from "./test-io";

const geospatial = readCorpusCard("a2a-spec-main-geospatial.json");
const contoso = JSON.parse(CONTOSO.text) as unknown;
const BROKEN = readFileSync("examples/cards/broken.json", "utf8");

interface OutLine {
  id: unknown;
  error?: string;
  valid?: boolean;
  shape?: string;
  validity?: Array<{ severity: string; code: string; pointer: string; message: string }>;
  decisions?: Record<string, { decision: string; reasons: Array<{ reason: string; message?: string; notApplied?: string[] }>; findings: number[]; degradations: Array<Record<string, unknown>> }>;
  findings?: Array<{ invariant: string; status: string; messageId: string; message?: string }>;
  notApplied?: Record<string, string>;
}

const jsonl = (...lines: unknown[]) => lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n";
const outLines = (stdout: string) =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OutLine);

describe("batch", () => {
  it("says a class the client itself cannot perform is aimed at the client (target client)", async () => {
    const r = await runCli(["batch", "--no-jku"], { stdin: jsonl({ id: "sdk", card: contoso, profile: "a2a-js", taskClasses: ["live-input"] }) });
    const [line] = outLines(r.stdout) as Array<OutLine & { decisions: Record<string, { decision: string; target?: string }> }>;
    expect(line!.decisions["live-input"]).toMatchObject({ decision: "reject", target: "client" });
  });

  it("answers a card text past the card limit as that line's input error, not as an invalid card", async () => {
    const big = JSON.stringify({ ...(contoso as object), description: "x".repeat(4 * 1024 * 1024) });
    const r = await runCli(["batch", "--no-jku"], { stdin: jsonl({ id: "big", cardText: big, profile: "northwind" }, { id: "ok", card: contoso, profile: "northwind" }) });
    const [tooLarge, ok] = outLines(r.stdout);
    expect(tooLarge).toEqual({ id: "big", error: expect.stringMatching(/^line 1: "cardText" is 4,19\d,\d{3} characters; a card is at most 4 MiB \(4,194,304 characters\)$/) });
    expect(ok!.decisions).toBeDefined();
  });

  it("answers one line per line, in order, carrying bad lines as errors with their line number", async () => {
    const input = jsonl(
      { id: "contoso", card: contoso, profile: "northwind" },
      "this is not json",
      { id: "geo", cardText: geospatial, profile: NORTHWIND, taskClasses: ["live-input", "request-response"] },
      { id: 7, card: contoso, profile: "southwind" },
      [1, 2],
      { card: contoso, profile: "northwind" },
      { id: "both", card: contoso, cardText: CONTOSO.text, profile: "northwind" },
      { id: "neither", profile: "northwind" },
      { id: "badprofile", card: contoso, profile: { name: "x", canPoll: "sometimes" } },
      { id: "badclass", card: contoso, profile: "northwind", taskClasses: ["teleport"] },
      { id: "extra", card: contoso, profile: "northwind", colour: "blue" },
      { id: "broken-card", cardText: "{oops", profile: "northwind", taskClasses: ["request-response"] },
      { id: "last", card: contoso, profile: "northwind-with-audio-buffering", taskClasses: ["live-input"], context: {} },
    );
    // --no-jku: the geospatial card's signature names a key set on the public internet; tests fetch nothing there.
    const r = await runCli(["batch", "--no-jku"], { stdin: input });
    const out = outLines(r.stdout);
    expect(out.map((o) => o.id)).toEqual(["contoso", null, "geo", 7, null, null, "both", "neither", "badprofile", "badclass", "extra", "broken-card", "last"]);

    expect(out[0]).toMatchObject({ valid: true, shape: "1.0", validity: [] });
    expect(out[0]?.decisions?.["live-input"]?.decision).toBe("reject");
    expect(out[0]?.decisions?.["request-response"]?.decision).toBe("accept");
    expect(out[0]?.findings?.[out[0]?.decisions?.["live-input"]?.findings[0] ?? -1]).toMatchObject({ invariant: "live-input-needs-streaming", status: "violated" });
    expect(out[0]?.decisions?.["async-completion"]?.degradations).toEqual([
      { invariant: "push-callback-mtls", path: { kind: "completion", channel: "push" }, lost: ["push"], fallback: ["polling"] },
    ]);

    expect(out[1]?.error).toBe("line 2: not valid JSON: an unexpected character at column 1");
    expect(Object.keys(out[2]?.decisions ?? {})).toEqual(["live-input", "request-response"]);
    expect(out[3]?.error).toMatch(/^line 4: "profile": unknown preset "southwind"\. Presets: northwind, northwind-buffering, northwind-mtls, a2a-python, a2a-js, browser, grpc-backend, text-only, full-sdk\./);
    expect(out[4]?.error).toMatch(/^line 5: expected a JSON object/);
    expect(out[5]?.error).toMatch(/^line 6: "id" must be a string or a number/);
    expect(out[6]?.error).toMatch(/^line 7: give either "card" .* or "cardText"/);
    expect(out[7]?.error).toMatch(/^line 8: "card" or "cardText" is missing/);
    expect(out[8]?.error).toMatch(/^line 9: .*\/profile\/canPoll/);
    expect(out[9]?.error).toMatch(/^line 10: .*"teleport"/);
    expect(out[10]?.error).toMatch(/^line 11: unknown field "colour"/);
    expect(out[11]).toMatchObject({ valid: false, shape: "unknown" });
    expect(out[11]?.validity?.[0]).toMatchObject({ severity: "error", code: "notJson", pointer: "" });
    expect(out[11]?.decisions?.["request-response"]?.decision).toBe("reject");
    expect(out[12]?.decisions?.["live-input"]?.decision).toBe("accept");

    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/9 of 13 lines could not be reviewed/);
  });

  it("answers a profile object repeated on many lines as it answers the first, valid or not", async () => {
    const bufferingCopy = () => JSON.parse(JSON.stringify({ ...NORTHWIND, bufferableInputModes: ["audio/pcm"] })) as unknown;
    const broken = () => ({ name: "x", canPoll: "sometimes" });
    const input = jsonl(
      ...[0, 1, 2].flatMap((i) => [
        { id: `buffering-${i}`, card: contoso, profile: bufferingCopy() },
        { id: `northwind-${i}`, card: contoso, profile: "northwind" },
        { id: `broken-${i}`, card: contoso, profile: broken() },
      ]),
    );
    const out = outLines((await runCli(["batch"], { stdin: input })).stdout);
    const byId = new Map(out.map((o) => [o.id, o]));
    for (const i of [1, 2]) {
      expect(byId.get(`buffering-${i}`)).toEqual({ ...byId.get("buffering-0"), id: `buffering-${i}` });
      expect(byId.get(`broken-${i}`)?.error).toBe(byId.get("broken-0")?.error?.replace("line 3:", `line ${3 * i + 3}:`));
    }
    // The profile object is read for what it says, not taken for a preset it resembles.
    expect(byId.get("buffering-0")?.decisions?.["live-input"]?.decision).toBe("accept");
    expect(byId.get("northwind-0")?.decisions?.["live-input"]?.decision).toBe("reject");
    expect(byId.get("broken-2")?.error).toMatch(/^line 9: .*\/profile\/canPoll/);
  });

  it("answers a card met again, against any profile, as it answers the card met first (batch reads each card once)", async () => {
    // Unsigned cards: a signed card's line carries the report batch verified for it.
    const names = corpusCardNames().filter((n) => !readCorpusCard(n).includes("signatures")).slice(0, 3);
    const presets = PRESETS.slice(0, 3).map(presetSlug);
    const lines = [0, 1].flatMap((pass) =>
      [...names.map(readCorpusCard), BROKEN].flatMap((text, c) => presets.flatMap((profile) => [{ id: `${pass} ${c} ${profile} json`, card: JSON.parse(text) as unknown, profile }, { id: `${pass} ${c} ${profile} text`, cardText: text, profile }])),
    );
    const out = (await runCli(["batch", "--no-jku"], { stdin: jsonl(...lines) })).stdout.trimEnd().split("\n");
    expect(out).toHaveLength(lines.length);
    lines.forEach((line, i) => {
      const own = review(line.card ?? line.cardText, findPreset(line.profile)!);
      expect(out[i]).toBe(JSON.stringify(toReviewJson(own, { detail: "compact", id: line.id })));
    });
  });

  it("answers a line whose card text it met before exactly as a run meeting that card first, however the rest of the line is written", async () => {
    // Batch reads such a line without its card (the text in the card's place is one it knows);
    // each line here is answered next to a line with the same card, and next to one with another.
    const card = JSON.stringify(contoso);
    const other = JSON.stringify(JSON.parse(geospatial));
    const text = JSON.stringify(CONTOSO.text);
    const variants = [
      `{"id":"plain","card":${card},"profile":"a2a-js"}`,
      `{ "id" : "spaced" ,  "card" :  ${card}  , "profile" : "northwind" }  `,
      `{"id":"profile object","card":${card},"profile":${JSON.stringify(NORTHWIND)}}`,
      `{"id":"text","cardText":${text},"profile":"browser"}`,
      `{"id":"card twice","card":${card},"card":${other},"profile":"northwind"}`,
      `{"id":"escaped twin","card":${card},"c\\u0061rd":${other},"profile":"northwind"}`,
      `{"id":"both fields","card":${card},"cardText":${text},"profile":"northwind"}`,
      `{"id":"escaped id after","card":${card},"profile":"northwind","taskClasses":["live-input"]}`,
      `{"card":${card},"id":"id \\"after\\" the card","profile":"northwind"}`,
      `{"id":"unknown field","card":${card},"profile":"northwind","colour":"blue"}`,
      `{"id":"no profile","card":${card}}`,
      `{"id":"broken after","card":${card},"profile":"northwind"`,
      `{"id":"garbage after","card":${card}x,"profile":"northwind"}`,
      `{"id":"trailing","card":${card},"profile":"northwind"} {}`,
      `{"id":"array id","card":${card},"profile":"northwind","id":[1]}`,
    ];
    const run = async (first: string, line: string) => (await runCli(["batch", "--no-jku"], { stdin: `${first}\n${line}\n` })).stdout.trimEnd().split("\n")[2];
    for (const line of variants) {
      const met = await run(`{"id":0,"cardText":${text},"profile":"text-only"}\n{"id":0,"card":${card},"profile":"text-only"}`, line);
      const fresh = await run(`{"id":0,"card":${other},"profile":"text-only"}\n{"id":0,"cardText":${JSON.stringify(geospatial)},"profile":"text-only"}`, line);
      expect(met, line.slice(0, 40)).toBe(fresh);
    }
  });

  it("names what is wrong with a profile nested deeper than JSON.stringify follows", async () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const input = `{"id":"deep","card":${JSON.stringify(contoso)},"profile":{"name":"p","x":${deep}}}\n` + jsonl({ id: "next", card: contoso, profile: "northwind" });
    const out = outLines((await runCli(["batch"], { stdin: input })).stdout);
    expect(out[0]?.error).toBe('line 1: The client profile is invalid at /profile: Unrecognized key: "x"');
    expect(out[1]?.decisions?.["live-input"]?.decision).toBe("reject");
  });

  it("answers an empty taskClasses list with an error line, as check refuses a file with no task class", async () => {
    const r = await runCli(["batch"], { stdin: jsonl({ id: "none", card: { name: "x" }, profile: "northwind", taskClasses: [] }, { id: "next", card: contoso, profile: "northwind" }) });
    const out = outLines(r.stdout);
    expect(out[0]).toEqual({ id: "none", error: 'line 1: "taskClasses" is empty: list at least one task class id, or leave it out for every built-in class' });
    expect(out[1]?.decisions?.["live-input"]?.decision).toBe("reject");
    expect(r.code).toBe(2);
  });

  it("refuses an id JSON cannot write back (1e400 reads as Infinity) rather than echoing it as null", async () => {
    const r = await runCli(["batch"], { stdin: `{"id":1e400,"card":${JSON.stringify(contoso)},"profile":"northwind"}\n` + jsonl({ id: 1e300, card: contoso, profile: "northwind" }) });
    const out = outLines(r.stdout);
    expect(out[0]).toEqual({ id: null, error: 'line 1: "id" is a number too large to be written back (it reads as Infinity); give the id as a string' });
    expect(out[1]?.id).toBe(1e300);
    expect(r.code).toBe(2);
  });

  it("keeps two profile problems apart in one error", async () => {
    const r = await runCli(["batch"], { stdin: jsonl({ id: 1, card: contoso, profile: { streaming: "yes" } }) });
    expect(outLines(r.stdout)[0]?.error).toBe(
      "line 1: The client profile is invalid at /profile/name: Invalid input: expected string, received undefined; The client profile is invalid at /profile/streaming: Invalid input: expected boolean, received string",
    );
  });

  it("skips a UTF-8 BOM at the start of the input, as check does for a file", async () => {
    const r = await runCli(["batch"], { stdin: "\uFEFF" + jsonl({ id: "first", card: contoso, profile: "northwind" }) });
    expect(outLines(r.stdout)[0]).toMatchObject({ id: "first", valid: true });
    expect(r.code).toBe(1);
  });

  it("exits 1 when a line rejects a task class, 0 when nothing is rejected", async () => {
    const rejected = await runCli(["batch"], { stdin: jsonl({ id: 1, card: contoso, profile: "northwind", taskClasses: ["live-input"] }) });
    expect(rejected.code).toBe(1);
    const accepted = await runCli(["batch", "--no-jku"], {
      stdin: jsonl(
        { id: 1, card: contoso, profile: "northwind", taskClasses: ["request-response"] },
        { id: 2, cardText: geospatial, profile: "a2a-python", taskClasses: ["request-response", "async-completion", "streaming-output"] },
      ),
    });
    expect(accepted.code).toBe(0);
    expect(outLines(accepted.stdout)).toHaveLength(2);
  });

  it("skips blank lines but keeps counting them for line numbers; handles CRLF and a last line without newline", async () => {
    const stdin = "\n" + JSON.stringify({ id: "a", card: contoso, profile: "northwind" }) + "\r\n\r\n{bad}";
    const r = await runCli(["batch"], { stdin });
    const out = outLines(r.stdout);
    expect(out.map((o) => o.id)).toEqual(["a", null]);
    expect(out[1]?.error).toMatch(/^line 4: /);
  });

  it("turns an overlong line into an error and goes on", async () => {
    const long = JSON.stringify({ id: "long", cardText: "x".repeat(5000), profile: "northwind" });
    const r = await runCli(["batch", "--max-line-bytes", "2000"], { stdin: jsonl(long, { id: "after", card: contoso, profile: "northwind" }) });
    const out = outLines(r.stdout);
    expect(out[0]?.error).toMatch(/^line 1: longer than 2000 bytes/);
    expect(out[1]?.id).toBe("after");
    expect(out[1]?.valid).toBe(true);
  });

  it("writes a finding several classes share once, and each condition's sentence once, losing nothing check --format json says", async () => {
    // A 0.2 card for Northwind: the same transport and security findings cut every class, and each
    // rejection's reason says the 0.x scope cannot change it.
    const card = readCorpusCard("a2a-spec-v0.2.5-geospatial.json");
    const [line] = outLines((await runCli(["batch", "--no-jku"], { stdin: jsonl({ id: "old", cardText: card, profile: "northwind" }) })).stdout);
    const json = JSON.parse((await runCli(["check", "--card", "-", "--profile", "northwind", "--format", "json", "--no-jku"], { stdin: card })).stdout) as {
      decisions: Record<string, { decision: string; reasons: Array<{ message: string }>; findings: Array<{ invariant: string; messageId: string; message: string; status: string }> }>;
    };
    const classes = Object.keys(json.decisions);
    expect(Object.keys(line!.decisions!)).toEqual(classes);
    const positions = classes.flatMap((c) => line!.decisions![c]!.findings);
    expect(new Set(positions).size).toBe(line!.findings!.length);
    expect(positions.length).toBeGreaterThan(line!.findings!.length); // some finding is shared, and written once
    expect(line!.notApplied).toMatchObject({ zeroXAdvisory: expect.stringMatching(/^The 0\.x scope cannot change this finding: /) });
    for (const c of classes) {
      const ours = line!.decisions![c]!;
      const theirs = json.decisions[c]!;
      expect(ours.decision).toBe(theirs.decision);
      // Each reason's message and the sentences of the conditions it names are check's message.
      expect(ours.reasons.map((r) => [r.message, ...(r.notApplied ?? []).map((n) => line!.notApplied![n])].join(" "))).toEqual(theirs.reasons.map((r) => r.message));
      // The class's findings are the notable ones check lists for it, worded the same.
      const notable = theirs.findings.filter((f) => f.status === "violated" || f.status === "not-evaluated" || "exception" in f);
      expect(ours.findings.map((i) => line!.findings![i]!.message)).toEqual(notable.map((f) => f.message));
    }
  });

  it("--messages none: the same decisions, findings and codes, with data instead of any English message", async () => {
    const lines = [
      { id: "contoso", card: contoso, profile: "northwind" },
      { id: "geo", cardText: geospatial, profile: "northwind" },
      { id: "old", cardText: readCorpusCard("a2a-spec-v0.2.5-geospatial.json"), profile: "northwind" },
      { id: "broken", cardText: "{oops", profile: "northwind" },
    ];
    const text = await runCli(["batch"], { stdin: jsonl(...lines) });
    const none = await runCli(["batch", "--messages", "none"], { stdin: jsonl(...lines) });
    expect(none.code).toBe(text.code);
    expect(none.stdout).not.toMatch(/"message"/);
    // Dropping every message from the text output, and every data field from the none output, leaves the same lines.
    // Each class's findings put in place: a finding whose message names its class is one entry
    // per class with messages, one for all with data alone (the data is the same).
    type Line = { findings?: unknown[]; decisions?: Record<string, { findings: unknown[] }> };
    const inPlace = (line: Line) => {
      for (const d of Object.values(line.decisions ?? {})) d.findings = d.findings.map((i) => line.findings![i as number]);
      delete line.findings;
      return line;
    };
    const strip = (...keys: string[]) => (stdout: string) =>
      JSON.stringify(
        stdout
          .trimEnd()
          .split("\n")
          .map((l) => inPlace(JSON.parse(l) as Line)),
        (k, v: unknown) => (keys.includes(k) ? undefined : v),
      );
    // (The text's `notApplied`, the conditions' sentences and which reason names which, is in each reason's data.)
    expect(strip("data")(none.stdout.replace(/"advisory":\{"reason":"zeroXAdvisory","data":\{[^}]*\}\}/, '"advisory":0'))).toBe(
      strip("message", "notApplied")(text.stdout.replace(/"advisory":"[^"]*"/, '"advisory":0')),
    );
    const [contosoLine, , oldLine, brokenLine] = outLines(none.stdout) as Array<OutLine & Record<string, unknown>>;
    const live = (contosoLine?.decisions?.["live-input"] ?? {}) as unknown as { reasons: Array<Record<string, unknown>>; findings: number[] };
    expect(live.reasons[0]).toMatchObject({ reason: "requiredPathCut", outcome: "reject", invariant: "live-input-needs-streaming", data: { modes: ["audio/pcm"] } });
    expect(contosoLine?.findings?.[live.findings[0]!]).toMatchObject({ messageId: "liveOnlyModesUnservable", data: { modes: ["audio/pcm"] } });
    expect(oldLine?.advisory).toMatchObject({ reason: "zeroXAdvisory", data: { shape: "0.2", protocolVersion: expect.any(String) } });
    expect(brokenLine?.validity?.[0]).toMatchObject({ code: "notJson", data: expect.any(Object), line: 1 });
  });

  it("refuses an unknown --messages value with exit 2, naming the choices", async () => {
    const r = await runCli(["batch", "--messages", "html"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--messages must be text or none, not "html"/);
  });

  it("refuses a --jobs or --max-line-bytes that is not plain decimal digits in range, with exit 2", async () => {
    for (const jobs of ["1e1", "0x2", "2.0", "+2", "0", "65"]) {
      const r = await runCli(["batch", "--jobs", jobs], { stdin: jsonl({ id: 1, card: contoso, profile: "northwind" }) });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`batch: --jobs must be a whole number from 1 to 64, in decimal digits, not "${jobs}".`);
    }
    const r = await runCli(["batch", "--max-line-bytes", "1e3"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('batch: --max-line-bytes must be a whole number of at least 1, in decimal digits, not "1e3".');
  });

  it("says where a line stops being JSON, even past JSON.parse's own depth", async () => {
    const cut = `{"id": 3, "profile": "northwind", "card": ${"[".repeat(100_000)}`;
    const r = await runCli(["batch"], { stdin: [cut, '{"id": 4,}', ""].join("\n") });
    expect(outLines(r.stdout).map((o) => o.error)).toEqual([
      "line 1: not valid JSON: a closing ] is expected at column 100,043",
      "line 2: not valid JSON: a property name in double quotes is expected at column 10",
    ]);
  });

  it("refuses a bad --max-line-bytes and unknown flags with exit 2", async () => {
    expect((await runCli(["batch", "--max-line-bytes", "lots"])).code).toBe(2);
    const r = await runCli(["batch", "--card", "x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Unknown option '--card'/);
  });

  it("streams: reads ahead only a bounded number of lines when the output is slow", async () => {
    const total = 1500;
    let produced = 0;
    let written = 0;
    let maxAhead = 0;
    const line = JSON.stringify({ id: 0, card: contoso, profile: "northwind", taskClasses: ["request-response"] }) + "\n";
    function* generate() {
      for (; produced < total; ) {
        produced++;
        yield Buffer.from(line);
      }
    }
    const slowSink = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString().split("\n").length - 1;
        maxAhead = Math.max(maxAhead, produced - written);
        setImmediate(done);
      },
    });
    const summary = await runBatch(Readable.from(generate()), slowSink);
    expect(summary).toMatchObject({ lines: total, reviewed: total, errors: 0, exitCode: 0 });
    expect(written).toBe(total);
    expect(maxAhead).toBeLessThan(100);
  });

  it("answers a 1.5 MB line of one warning repeated with a line shorter than the one it got, the rest counted", async () => {
    const flood = { ...(contoso as Record<string, unknown>), defaultInputModes: Array.from({ length: 200_000 }, () => "text") };
    const line = JSON.stringify({ id: "flood", card: flood, profile: "northwind" });
    expect(line.length).toBeGreaterThan(1_400_000);
    const r = await runCli(["batch"], { stdin: line + "\n" });
    expect(r.stdout.length).toBeLessThan(line.length);
    const [out] = outLines(r.stdout);
    const more = out!.validity!.filter((p) => p.code === "moreOfThisKind");
    expect(more.map((p) => p.message)).toEqual([expect.stringContaining("199,980 more of this kind")]);
  });
});
