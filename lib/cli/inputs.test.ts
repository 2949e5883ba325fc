import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONTOSO } from "../negotiation/examples/incidents";
import { MAX_INPUT_BYTES } from "./inputs";
import { runCli } from "./test-io";

const dir = mkdtempSync(path.join(tmpdir(), "parley-inputs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array) => {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
};
const contosoPath = file("contoso.json", CONTOSO.text);

describe("files the CLI reads", () => {
  it("refuses a card file that is not UTF-8, naming the file and the offset of the first bad byte, rather than reading U+FFFD", async () => {
    // The Contoso card with one Latin-1 byte (0xE9, "é") inside its name.
    const bytes = Buffer.from(CONTOSO.text.replace('"name": "', '"name": "Caf\u0000'));
    const at = bytes.indexOf(0);
    bytes[at] = 0xe9;
    const latin1 = file("latin1.json", bytes);
    const line = CONTOSO.text.slice(0, CONTOSO.text.indexOf('"name": "')).split("\n").length;
    const r = await runCli(["check", "--card", latin1, "--profile", "northwind"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`--card ${latin1}: is not UTF-8 text: the byte at offset ${at} (line ${line}) does not start a valid UTF-8 character`);
  });

  it("refuses a card on stdin that is not UTF-8 the same way", async () => {
    const r = await runCliRawStdin(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--card - (stdin): is not UTF-8 text: the byte at offset 2 (line 1)");
  });

  it("still reads a card file that starts with a UTF-8 BOM", async () => {
    const r = await runCli(["check", "--card", file("bom.json", "\uFEFF" + CONTOSO.text), "--profile", "northwind", "--format", "json"]);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { valid: boolean }).valid).toBe(true);
  });

  it("says what a file past the size limit should have held, for each flag", async () => {
    const big = file("big.json", new Uint8Array(MAX_INPUT_BYTES + 1));
    const base = ["check", "--card", contosoPath, "--profile", "northwind"];
    for (const [argv, said] of [
      [["check", "--card", big, "--profile", "northwind"], `--card ${big}: is 4,194,305 bytes, more than 4 MiB (4,194,304 bytes), the most Parley reads from one file; an Agent Card is a few kilobytes.`],
      [["check", "--card", contosoPath, "--profile", big], `--profile ${big}: is 4,194,305 bytes, more than 4 MiB (4,194,304 bytes), the most Parley reads from one file; a client profile is a few hundred bytes.`],
      [[...base, "--context", big], "a review context is a few hundred bytes."],
      [[...base, "--task-class-file", big], "a task class is a few hundred bytes."],
      [[...base, "--jwks", big], "a JWK set is a few kilobytes."],
    ] as const) {
      const r = await runCli([...argv]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(said);
      if (argv[2] !== big) expect(r.stderr).not.toContain("Agent Card");
    }
  });

  it("says where a profile file stops being JSON (line and column), in one line without the engine's wording", async () => {
    const r = await runCli(["check", "--card", contosoPath, "--profile", file("cut.json", '{\n  "name": "ours",\n  "streaming": tru\n')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^parley: --profile .*cut\.json: The text is not valid JSON: an unexpected character at line 3, column 16\.\n$/);
  });

});

/** runCli with stdin given as raw bytes (runCli's string stdin is always valid UTF-8). */
async function runCliRawStdin(bytes: Buffer) {
  const { PassThrough, Readable } = await import("node:stream");
  const { run } = await import("./main");
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const err: Buffer[] = [];
  stderr.on("data", (c: Buffer) => err.push(c));
  stdout.resume();
  const code = await run(["check", "--card", "-", "--profile", "northwind"], { stdin: Readable.from([bytes]), stdout, stderr, env: {}, cwd: dir });
  return { code, stderr: Buffer.concat(err).toString("utf8") };
}

describe("a card between the card limit and the old 8 MiB read limit (issue 41)", () => {
  // A 5 MiB card was read, then called the vendor's invalid card (exit 1); 9 MB was "could not
  // review" (exit 2). Too large is an input error on every command, said with the limit.
  const dir = mkdtempSync(path.join(tmpdir(), "parley-size-"));
  const big = path.join(dir, "five-mib.json");
  const card = JSON.parse(readFileSync(contosoPath, "utf8")) as Record<string, unknown>;
  card.description = "x".repeat(5 * 1024 * 1024);
  writeFileSync(big, JSON.stringify(card));

  for (const argv of [
    ["check", "--card", big, "--profile", "northwind"],
    ["lint", "--card", big],
    ["lint", "--card", big, "--format", "json"],
    ["check", "--card", "-", "--profile", "northwind"],
  ]) {
    it(`${argv.join(" ")}: exit 2, the limit in the message, no review`, async () => {
      const r = await runCli(argv, argv.includes("-") ? { stdin: readFileSync(big, "utf8") } : {});
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain("4 MiB (4,194,304 bytes)");
      expect(r.stderr).not.toMatch(/reject/i);
    });
  }
});
