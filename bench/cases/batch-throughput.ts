import { Readable, Writable } from "node:stream";
import { runBatch } from "../../lib/cli/batch";
import { presetSlug, NORTHWIND } from "../../lib/negotiation/profile";
import { describeSize, TYPICAL_CARD_TEXT } from "../fixtures";
import { type BenchResult, type BenchSection, median } from "../harness";

export const BATCH_LINES = 100_000;
export const BATCH_TARGET_SECONDS = 10;

/**
 * `review batch` end to end, in-process, on the code the CLI runs (runBatch: line splitting, JSON
 * parse per line, review, JSON out with backpressure), on one core: 100,000 lines of the typical
 * card, output to a sink that discards it. Half the lines carry the card as JSON, half as text.
 */
export const batchThroughput: BenchSection = {
  id: "batch",
  title: "Batch throughput (review batch, in-process)",
  run: async (log) => {
    const lines = Number(process.env.PARLEY_BENCH_BATCH_LINES ?? BATCH_LINES);
    const runs = Number(process.env.PARLEY_BENCH_BATCH_RUNS ?? 3);
    await timeBatch(2_000); // warm-up: JIT and caches, not counted
    const seconds: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = await timeBatch(lines);
      seconds.push(t.seconds);
      log(`  run ${i + 1}/${runs}: ${lines} lines in ${t.seconds.toFixed(2)} s (${(t.bytesOut / 1e6).toFixed(0)} MB out, peak heap ${t.peakHeapMb.toFixed(0)} MB)`);
    }
    const s = median(seconds);
    const result: BenchResult = {
      name: `batch: ${lines.toLocaleString("en-US")} lines (typical card, ${describeSize(TYPICAL_CARD_TEXT)}), median of ${runs}`,
      value: s,
      unit: "s",
      target: { op: "<", value: (BATCH_TARGET_SECONDS * lines) / BATCH_LINES },
      pass: s < (BATCH_TARGET_SECONDS * lines) / BATCH_LINES,
      detail: `${Math.round(lines / s).toLocaleString("en-US")} lines/s`,
    };
    return [result];
  },
};

async function timeBatch(count: number): Promise<{ seconds: number; bytesOut: number; peakHeapMb: number }> {
  const card = JSON.parse(TYPICAL_CARD_TEXT) as unknown;
  const profile = presetSlug(NORTHWIND);
  const asObject = JSON.stringify({ card, profile }).slice(1);
  const asText = JSON.stringify({ cardText: TYPICAL_CARD_TEXT, profile }).slice(1);
  // Lines are generated lazily so the input, like the output, never sits in memory whole, in
  // 64 KiB chunks like a pipe delivers them (chunks split lines anywhere, as a pipe does).
  function* generate() {
    let chunk = "";
    for (let i = 0; i < count; i++) {
      chunk += `{"id":${i},${i % 2 ? asText : asObject}\n`;
      if (chunk.length >= 65536) {
        yield Buffer.from(chunk.slice(0, 65536));
        chunk = chunk.slice(65536);
      }
    }
    if (chunk) yield Buffer.from(chunk);
  }
  let bytesOut = 0;
  let peakHeap = 0;
  const sink = new Writable({
    highWaterMark: 1 << 16,
    write(chunk: Buffer | string, _enc, done) {
      bytesOut += chunk.length;
      done();
    },
  });
  const input = Readable.from(generate(), { objectMode: false });
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 100);
  const t0 = performance.now();
  const summary = await runBatch(input, sink);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (summary.reviewed !== count) throw new Error(`batch reviewed ${summary.reviewed} of ${count} lines`);
  return { seconds, bytesOut, peakHeapMb: Math.max(peakHeap, process.memoryUsage().heapUsed) / 1e6 };
}
