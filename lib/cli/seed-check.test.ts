import { readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { GOLDEN_PATH, readGoldenCases, type ReferenceOutcome } from "@/fixtures/seed/golden";
import { evaluateCardNegotiable, SEED_MAX_NESTING } from "@/lib/negotiation";
import { findLossyNumber, runSeedCheck, scanLine } from "./seed-check";

const NORTHWIND = { live_only_input_modes: ["audio/pcm"], bufferable_input_modes: [], callback_supports_mtls: false };
const CONTOSO = {
  capabilities: { streaming: false, pushNotifications: { supported: true, securityScheme: "contosoMtls" } },
  securitySchemes: { contosoMtls: { mtlsSecurityScheme: {} } },
  defaultInputModes: ["text/plain", "audio/pcm"],
  defaultOutputModes: ["text/plain", "audio/pcm"],
};
const INV1 =
  "task_class='live-input': card advertises live-only input modes ['audio/pcm'] but capabilities.streaming is False; client cannot buffer these modes.";
const INV2 =
  "task_class='async-completion': server push notifications require mTLS under scheme 'contosoMtls', but client callback listener is plain HTTPS; registration would silently drop callbacks.";

const caseLine = (id: unknown, taskClass: string, card: unknown = CONTOSO) =>
  JSON.stringify({ id, card, client_profile: NORTHWIND, task_class: taskClass });

/** Bytes split into chunks of `size`, so lines and UTF-8 characters straddle chunk boundaries. */
function chunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks, { objectMode: false });
}

/** A slow consumer with a small buffer; records the most it ever held, to prove backpressure. */
function slowSink(highWaterMark = 1024) {
  const received: string[] = [];
  let maxBuffered = 0;
  const sink = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      maxBuffered = Math.max(maxBuffered, sink.writableLength);
      received.push(chunk.toString("utf8"));
      setImmediate(callback);
    },
  });
  /** What the sink received, once everything written has gone through. */
  const lines = async () => {
    await new Promise<void>((resolve) => sink.end(resolve));
    return received.join("").split("\n").filter(Boolean).map((line) => JSON.parse(line));
  };
  return { sink, lines, maxBuffered: () => maxBuffered };
}

describe("runSeedCheck", () => {
  it("answers each line in order with the reference's raise, invariant and message", async () => {
    const input = [caseLine("a", "live-input"), caseLine("b", "async-completion"), caseLine("c", "request-response")].join("\n");
    const { sink, lines } = slowSink();
    const summary = await runSeedCheck(chunked(input, 64), sink);
    expect(await lines()).toEqual([
      { id: "a", raised: true, invariant: 1, message: INV1 },
      { id: "b", raised: true, invariant: 2, message: INV2 },
      { id: "c", raised: false, invariant: null, message: null },
    ]);
    expect(summary).toEqual({ lines: 3, raised: 2, errors: 0 });
  });

  it("refuses an id too large to be written back (1e400 reads as Infinity, which JSON writes as null), as batch does", async () => {
    const input = [caseLine("a", "live-input").replace('"id":"a"', '"id":1e400'), caseLine("b", "request-response")].join("\n");
    expect(input).toContain('"id":1e400');
    const { sink, lines } = slowSink();
    const summary = await runSeedCheck(chunked(input, 64), sink);
    expect(await lines()).toEqual([
      { id: null, error: 'line 1: "id" is a number too large to be written back (it reads as Infinity); give the id as a string' },
      { id: "b", raised: false, invariant: null, message: null },
    ]);
    expect(summary).toEqual({ lines: 2, raised: 0, errors: 1 });
  });

  it("turns a card the reference crashes on into an error on that line, not a verdict", async () => {
    const card = { capabilities: { streaming: false, pushNotifications: false } };
    const { sink, lines } = slowSink();
    const summary = await runSeedCheck(chunked(caseLine(7, "live-input", card) + "\n", 5), sink);
    expect(await lines()).toEqual([
      {
        id: 7,
        raised: false,
        invariant: null,
        message: null,
        error:
          "card.capabilities.pushNotifications is a boolean; the reference check expects an object {supported, securityScheme} and crashes here (AttributeError)",
        pythonError: "AttributeError",
      },
    ]);
    expect(summary).toEqual({ lines: 1, raised: 0, errors: 1 });
  });

  it("streams 10,000 lines with bad lines in the middle: one answer per line, same order, bounded buffering", async () => {
    const bad = new Map<number, string>([
      [2500, "{not json"],
      [5000, "[1, 2, 3]"],
      [7500, JSON.stringify({ id: "no-card", client_profile: {}, task_class: "live-input" })],
    ]);
    const source: string[] = [];
    for (let index = 0; index < 10_000; index++) {
      source.push(bad.get(index) ?? caseLine(`case-${index}`, index % 2 === 0 ? "live-input" : "request-response"));
      if (index === 4000) source.push("", "   \r"); // blank lines are skipped, but still counted
    }
    const { sink, lines, maxBuffered } = slowSink(4096);
    const summary = await runSeedCheck(chunked(source.join("\r\n") + "\r\n", 65_536), sink);
    const out = await lines();

    expect(out).toHaveLength(10_000);
    // 5,000 even (live-input) lines raise, minus the three bad ones, all at even positions.
    expect(summary).toEqual({ lines: 10_000, raised: 4997, errors: 3 });
    expect(out[0]).toEqual({ id: "case-0", raised: true, invariant: 1, message: INV1 });
    expect(out[1]).toEqual({ id: "case-1", raised: false, invariant: null, message: null });
    expect(out[2500]).toMatchObject({ id: null, error: expect.stringMatching(/^line 2501: not JSON/) });
    expect(out[5000]).toEqual({ id: null, error: 'line 5003: expected an object {"id", "card", "client_profile", "task_class"}, got an array' });
    expect(out[7500]).toEqual({ id: "no-card", error: 'line 7503: missing "card"' });
    expect(out[9999]).toMatchObject({ id: "case-9999", raised: false });
    // Every good line kept its place.
    out.forEach((line, index) => {
      if (!bad.has(index)) expect(line.id).toBe(`case-${index}`);
    });
    // The writer waited for drain: the sink never held more than its buffer plus one block (the
    // answers to one 64 KiB input chunk, which are shorter than the lines they answer).
    expect(maxBuffered()).toBeLessThan(4096 + 65_536);
  });

  it("reports an overlong line without keeping it, and goes on", async () => {
    const long = caseLine("long", "live-input", { ...CONTOSO, padding: "x".repeat(5000) });
    const input = [caseLine("before", "live-input"), long, caseLine("after", "request-response")].join("\n");
    const { sink, lines } = slowSink();
    const summary = await runSeedCheck(chunked(input, 333), sink, { maxLineBytes: 1000 });
    expect(await lines()).toEqual([
      { id: "before", raised: true, invariant: 1, message: INV1 },
      { id: null, error: `line 2: longer than the 1000-byte limit (${Buffer.byteLength(long)} bytes); skipped` },
      { id: "after", raised: false, invariant: null, message: null },
    ]);
    expect(summary).toEqual({ lines: 3, raised: 1, errors: 1 });
  });

  it("keeps multi-byte characters split across chunks intact in messages", async () => {
    const card = { defaultInputModes: ["audio/pcm", "日本語😀"] };
    const profile = { live_only_input_modes: ["日本語😀", "audio/pcm"] };
    const input = JSON.stringify({ id: "u", card, client_profile: profile, task_class: "live-input" });
    const { sink, lines } = slowSink();
    await runSeedCheck(chunked(input, 1), sink);
    expect(await lines()).toEqual([
      {
        id: "u",
        raised: true,
        invariant: 1,
        message:
          "task_class='live-input': card advertises live-only input modes ['audio/pcm', '日本語😀'] but capabilities.streaming is False; client cannot buffer these modes.",
      },
    ]);
  });

  it("answers every case of the reference's recorded answers (fixtures/seed/golden.jsonl) as the reference did", async () => {
    const golden = readGoldenCases();
    const { sink, lines } = slowSink(65_536);
    const summary = await runSeedCheck(chunked(readFileSync(GOLDEN_PATH, "utf8"), 65_536), sink);
    const out = (await lines()) as Array<{ id: number; raised?: boolean; invariant?: number; message?: string; pythonError?: string }>;
    const asOutcome = (line: (typeof out)[number]): ReferenceOutcome =>
      line.raised
        ? { raises: "UnnegotiableAgentCardError", invariant: line.invariant as 1 | 2 | 3, message: line.message! }
        : line.pythonError
          ? { raises: line.pythonError }
          : { raises: null };
    const mismatches = golden.filter((c, index) => out[index]?.id !== c.id || JSON.stringify(asOutcome(out[index]!)) !== JSON.stringify(c.expected));
    expect(mismatches.slice(0, 5).map((c) => c.id), `${mismatches.length} cases differ`).toEqual([]);
    expect(summary.lines).toBe(golden.length);
    expect(summary.raised).toBe(golden.filter((c) => c.expected.raises === "UnnegotiableAgentCardError").length);
  });

  it("skips a UTF-8 BOM at the start of the input: line 1 is checked like any other", async () => {
    const { sink, lines } = slowSink();
    await runSeedCheck(chunked("\uFEFF" + caseLine("a", "live-input") + "\n", 2), sink);
    expect(await lines()).toEqual([{ id: "a", raised: true, invariant: 1, message: INV1 }]);
  });

  it("writes nothing for empty input", async () => {
    const { sink, lines } = slowSink();
    expect(await runSeedCheck(chunked("\n\n", 4), sink)).toEqual({ lines: 0, raised: 0, errors: 0 });
    expect(await lines()).toEqual([]);
  });
});

describe("findLossyNumber", () => {
  it.each<[string, string | null]>([
    ['{"a": [1, 2.5, -3, 0, -0, 1e-7, 1e21, 9007199254740991]}', null],
    ['{"a": "1.0 inside a string \\" 2.0"}', null],
    ['{"a": [1.0]}', "1.0"],
    ['{"a": 2e3}', "2e3"],
    ['{"a": -0.0}', "-0.0"],
    ['{"a": 12345678901234567891}', "12345678901234567891"],
    ['{"a": 1000000000000000000000}', "1000000000000000000000"],
    // Integers of up to 15 digits are stepped over without a regex; 16 digits and more are compared.
    ['{"a": [999999999999999, -99999999999999, 123456789012345]}', null],
    ['{"a": [9007199254740993]}', "9007199254740993"],
    ['{"a": [1, 2], "b": 3.0, "c": 4e0}', "3.0"],
  ])("%s → %s", (text, expected) => {
    expect(findLossyNumber(text)).toBe(expected);
  });

  it("counts nesting outside strings in the same pass", () => {
    expect(scanLine('{"a": [{"b": "[[[{{{"}], "c": {}}')).toEqual({ depth: 3, lossy: null });
    expect(scanLine('{"a": "\\\\", "b": [[2.0]]}')).toEqual({ depth: 3, lossy: "2.0" });
  });

  it("a card nested past Python's recursion limit still gets the shim's RecursionError answer, and one just under it is checked", async () => {
    const nest = (levels: number) => {
      let value: unknown = "audio/pcm";
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    const deep = { ...CONTOSO, extra: nest(1200) };
    const shallow = { ...CONTOSO, extra: nest(SEED_MAX_NESTING - 3) };
    const input = [caseLine("deep", "live-input", deep), caseLine("shallow", "live-input", shallow)].join("\n") + "\n";
    const { sink, lines } = slowSink();
    await runSeedCheck(chunked(input, 4096), sink);
    let expected = "";
    try {
      evaluateCardNegotiable(deep, NORTHWIND, "live-input");
    } catch (error) {
      expected = (error as Error).message;
    }
    expect(expected).toContain("RecursionError");
    expect(await lines()).toEqual([
      { id: "deep", raised: false, invariant: null, message: null, error: expected, pythonError: "RecursionError" },
      { id: "shallow", raised: true, invariant: 1, message: INV1 },
    ]);
  });

  it("flags a result that may depend on such a number", async () => {
    const input = JSON.stringify({ id: "f", card: { defaultInputModes: ["audio/pcm"] }, client_profile: NORTHWIND, task_class: "live-input" })
      .replace('"id":"f"', '"id":"f","version":1.0');
    const { sink, lines } = slowSink();
    await runSeedCheck(chunked(input, 50), sink);
    expect(await lines()).toEqual([
      {
        id: "f",
        raised: true,
        invariant: 1,
        message: INV1,
        warning: "line 1: the number 1.0 is read differently by Python's json.loads; an answer that depends on it may differ from the reference",
      },
    ]);
  });
});
