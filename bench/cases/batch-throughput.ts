import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtCli } from "../cli-build";
import { corpusCardNames, readCorpusCard } from "../../fixtures/corpus";
import { PRESETS, presetSlug } from "../../lib/negotiation";
import { corpusMix, corpusMixChunks } from "../corpus-mix";
import type { BenchResult, BenchSection } from "../harness";
import { describeRun, fastest, leastCpu, nodeSpec, type ProcessRun, type ProcessSpec, runInterleaved, runProcess, seconds } from "../process";

/** batch, with its default output, may cost at most this many times the JSON floor's CPU time on the same lines (issue 33's target). */
export const MAX_BATCH_TO_FLOOR = 2.0;
/** Peak RSS at ten times the lines may grow at most this much: memory does not grow with input. */
export const MAX_RSS_GROWTH = 1.25;

const FLOOR = fileURLToPath(new URL("../batch/json-floor.mjs", import.meta.url));

/**
 * `review batch` as a user runs it — the built CLI in its own process, start-up included, stdin from
 * a file, stdout discarded — against the JSON floor (bench/batch/json-floor.mjs: read the same
 * lines, JSON.parse each line and its card, write lines of the same size) on the corpus mix
 * (bench/corpus-mix.ts). Rounds are interleaved; the least CPU time and the fastest wall time of
 * each side count. The target is on CPU time, the process's own cost whatever else the machine
 * runs; wall time is printed beside it (and is the measure for --jobs, which spreads the work over
 * threads). Then peak RSS at ten times the lines, fed through a pipe.
 */
export const batchThroughput: BenchSection = {
  id: "batch",
  title: "Batch throughput against the JSON floor (built CLI, own process, start-up included)",
  run: async (log) => {
    const lines = Number(process.env.PARLEY_BENCH_BATCH_LINES ?? 100_000);
    const rounds = Number(process.env.PARLEY_BENCH_BATCH_RUNS ?? 3);
    const rssRepeat = Number(process.env.PARLEY_BENCH_RSS_REPEAT ?? 10);
    const cli = await builtCli();
    const dir = mkdtempSync(join(tmpdir(), "parley-bench-batch-"));
    try {
      const input = join(dir, "mix.jsonl");
      const inputBytes = writeChunks(input, corpusMixChunks(lines));
      log(`  input: ${lines.toLocaleString("en-US")} lines of ${corpusMix().cards} corpus cards, ${(inputBytes / 1e6).toFixed(0)} MB`);
      const realLines = Number(process.env.PARLEY_BENCH_BATCH_REAL_LINES ?? 60_000);
      const real = join(dir, "real.jsonl");
      const realBytes = writeChunks(real, realCardChunks(realLines));
      log(`  real cards: ${realLines.toLocaleString("en-US")} lines, each real card as JSON against each preset by name, ${(realBytes / 1e6).toFixed(0)} MB`);
      await checkOutput(cli, dir, log);

      const file = { stdin: { file: input } };
      const specs: Record<string, ProcessSpec> = {
        floor: nodeSpec([FLOOR], file),
        "floor --echo": nodeSpec([FLOOR, "--echo"], file),
        batch: nodeSpec([cli, "batch"], file),
        "batch --messages none": nodeSpec([cli, "batch", "--messages", "none"], file),
        "batch --jobs 2": nodeSpec([cli, "batch", "--jobs", "2"], file),
        "floor, real cards": nodeSpec([FLOOR], { stdin: { file: real } }),
        "batch, real cards": nodeSpec([cli, "batch"], { stdin: { file: real } }),
        "batch --messages none, real cards": nodeSpec([cli, "batch", "--messages", "none"], { stdin: { file: real } }),
      };
      const runs = await runInterleaved(specs, rounds, log);
      for (const [key, list] of Object.entries(runs)) {
        const bad = list.find((r) => r.exitCode !== 0 && r.exitCode !== 1);
        if (bad) throw new Error(`${key} exited ${bad.exitCode}: ${bad.stderr}`);
      }
      const floor = runs.floor!;
      const results: BenchResult[] = [];
      for (const key of Object.keys(specs).filter((k) => !k.startsWith("floor") && !k.endsWith(", real cards"))) {
        // A single-threaded process's CPU time is its cost whatever else the machine runs; with
        // --jobs the work is spread over threads, so the wall ratio is the one that says what it gives.
        const threaded = key.includes("--jobs");
        const cpuRatio = leastCpu(runs[key]!) / leastCpu(floor);
        const wallRatio = fastest(runs[key]!).wallMs / fastest(floor).wallMs;
        const ratio = threaded ? wallRatio : cpuRatio;
        results.push({
          name: `${key} ÷ JSON floor, ${lines.toLocaleString("en-US")} corpus-mix lines (${threaded ? "wall" : "CPU"} time, start-up included)`,
          value: ratio,
          unit: "×",
          ...(key === "batch" && { target: { op: "<=" as const, value: MAX_BATCH_TO_FLOOR }, pass: ratio <= MAX_BATCH_TO_FLOOR }),
          detail: compare(runs[key]!, floor, lines),
        });
      }

      // Real cards as a pipeline sends them carry more explanation per line than the mix (more of
      // them are invalid or cut a path, and every class says why): the same target, on their own floor.
      const realFloor = runs["floor, real cards"]!;
      for (const key of ["batch, real cards", "batch --messages none, real cards"]) {
        const ratio = leastCpu(runs[key]!) / leastCpu(realFloor);
        results.push({
          name: `${key.replace(", real cards", "")} ÷ JSON floor, ${realLines.toLocaleString("en-US")} lines of real cards (CPU time, start-up included)`,
          value: ratio,
          unit: "×",
          ...(key === "batch, real cards" && { target: { op: "<=" as const, value: MAX_BATCH_TO_FLOOR }, pass: ratio <= MAX_BATCH_TO_FLOOR }),
          detail: compare(runs[key]!, realFloor, realLines),
        });
      }

      // The same batch runs against the lower floor that echoes each line instead of serialising it.
      const echoRatio = leastCpu(runs.batch!) / leastCpu(runs["floor --echo"]!);
      results.push({
        name: `batch ÷ JSON floor that echoes its lines instead of serialising them (CPU time)`,
        value: echoRatio,
        unit: "×",
        detail: `echo floor ${seconds(leastCpu(runs["floor --echo"]!))} CPU / ${seconds(fastest(runs["floor --echo"]!).wallMs)} wall`,
      });

      const startUp = await runProcess(nodeSpec([cli, "--help"], file));
      log(`  start-up of the built CLI (--help): ${seconds(startUp.wallMs)} wall, ${seconds(startUp.cpuMs)} CPU`);

      const small = fastest(runs.batch!);
      const large = await runProcess(nodeSpec([cli, "batch"], { stdin: { command: "cat", args: Array<string>(rssRepeat).fill(input) } }));
      log(`  batch, ${(lines * rssRepeat).toLocaleString("en-US")} lines through a pipe: ${describeRun(large)}`);
      const growth = large.maxRssMb / small.maxRssMb;
      results.push({
        name: `batch peak RSS, ${(lines * rssRepeat).toLocaleString("en-US")} lines ÷ ${lines.toLocaleString("en-US")} lines`,
        value: growth,
        unit: "×",
        target: { op: "<=", value: MAX_RSS_GROWTH },
        pass: growth <= MAX_RSS_GROWTH,
        detail:
          `${small.maxRssMb.toFixed(0)} MB → ${large.maxRssMb.toFixed(0)} MB; heap in use after a full GC at the end ` +
          `${small.heapAfterGcMb?.toFixed(1)} MB → ${large.heapAfterGcMb?.toFixed(1)} MB (what a leak would grow)`,
      });
      return results;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

function compare(side: ProcessRun[], floor: ProcessRun[], lines: number): string {
  const s = fastest(side);
  const f = fastest(floor);
  return (
    `${seconds(leastCpu(side))} CPU / ${seconds(s.wallMs)} wall (${Math.round((lines * 1000) / s.wallMs).toLocaleString("en-US")} lines/s); ` +
    `floor ${seconds(leastCpu(floor))} CPU / ${seconds(f.wallMs)} wall; ` +
    `CPU ratio ${(leastCpu(side) / leastCpu(floor)).toFixed(2)}×, wall ratio ${(s.wallMs / f.wallMs).toFixed(2)}×`
  );
}

/**
 * Lines as a pipeline that checks a set of cards sends them: each real card of fixtures/cards in
 * turn, as `card` (JSON, the form a program holding the card has), against each preset by name.
 * Unlike the mix, no `cardText` and no profile objects: the line's weight is the card and what the
 * review says of it.
 */
export function* realCardChunks(count: number, chunkBytes = 1 << 16): Generator<string> {
  const cards = corpusCardNames().map((name) => JSON.stringify(JSON.parse(readCorpusCard(name)) as unknown));
  const presets = PRESETS.map((p) => JSON.stringify(presetSlug(p)));
  let chunk = "";
  for (let i = 0; i < count; i++) {
    const pass = Math.floor(i / cards.length);
    chunk += `{"id":${i},"card":${cards[i % cards.length]!},"profile":${presets[pass % presets.length]!}}\n`;
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

function writeChunks(path: string, chunks: Iterable<string>): number {
  const fd = openSync(path, "w");
  let bytes = 0;
  try {
    for (const chunk of chunks) bytes += writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** The bench must time real work: on a slice of the mix, one well-formed answer per line, in order. */
async function checkOutput(cli: string, dir: string, log: (line: string) => void): Promise<void> {
  const count = 2 * corpusMix().cards * 5;
  const input = join(dir, "check.jsonl");
  const output = join(dir, "check.out.jsonl");
  writeChunks(input, corpusMixChunks(count));
  for (const args of [["batch"], ["batch", "--messages", "none"], ["batch", "--jobs", "2"]]) {
    const run = await runProcess(nodeSpec([cli, ...args], { stdin: { file: input }, stdoutFile: output }));
    const out = readFileSync(output, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as { id: number; error?: string; decisions?: object });
    const wrong = out.findIndex((line, i) => line.id !== i || line.error !== undefined || line.decisions === undefined);
    if (out.length !== count || wrong !== -1) {
      throw new Error(`review ${args.join(" ")} answered ${out.length} of ${count} lines, first wrong answer at ${wrong}: ${JSON.stringify(out[wrong]).slice(0, 300)} ${run.stderr}`);
    }
  }
  log(`  checked: ${count} lines each answered in order, with decisions`);
}
