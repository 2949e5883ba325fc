/**
 * Shared measuring and reporting for every bench section. A section returns result lines; run.ts
 * prints them and exits non-zero when a line with a target fails.
 */
export interface BenchResult {
  /** What was measured, e.g. "typical card (3.1 KB): reviews/s, all task classes". */
  name: string;
  value: number;
  unit: string;
  /** The budget, when the line has one; `pass` says whether it was met. */
  target?: { op: "<=" | ">=" | "<"; value: number };
  pass?: boolean;
  detail?: string;
}

export interface BenchSection {
  id: string;
  title: string;
  /** Return why the section cannot run here (e.g. no production build), or undefined to run it. */
  skipReason?: () => string | undefined;
  run: (log: (line: string) => void) => Promise<BenchResult[]>;
}

export interface Sample {
  /** Median time per operation in ms over the samples. */
  medianMs: number;
  opsPerSecond: number;
  samples: number[];
}

/**
 * Time `fn` in batches: warm up (JIT, caches) for `warmupMs`, then take `samples` samples of at
 * least `sampleMs` each and report the median per-operation time, which ignores a GC pause or a
 * noisy neighbour in one sample.
 */
export function measure(fn: () => unknown, opts: { warmupMs?: number; samples?: number; sampleMs?: number } = {}): Sample {
  const warmupMs = opts.warmupMs ?? 300;
  const sampleCount = opts.samples ?? 9;
  const sampleMs = opts.sampleMs ?? 150;
  const warmEnd = performance.now() + warmupMs;
  let calibrate = 0;
  while (performance.now() < warmEnd) {
    consume(fn());
    calibrate++;
  }
  // Size a batch so one sample lasts about sampleMs, without reading the clock per call.
  const perBatch = Math.max(1, Math.round((calibrate / warmupMs) * sampleMs));
  const samples: number[] = [];
  for (let s = 0; s < sampleCount; s++) {
    const t0 = performance.now();
    for (let i = 0; i < perBatch; i++) consume(fn());
    samples.push((performance.now() - t0) / perBatch);
  }
  const medianMs = median(samples);
  return { medianMs, opsPerSecond: 1000 / medianMs, samples };
}

export interface PairSample {
  /** Median wall ms per call of each side. */
  aMs: number;
  bMs: number;
  /** Median CPU ms per call of each side. */
  aCpuMs: number;
  bCpuMs: number;
  /** Median over the samples of b ÷ a in CPU time (process.cpuUsage), the verdict's measure. */
  ratio: number;
  /** The same in wall time, printed beside it. */
  wallRatio: number;
}

/**
 * Times `a` and `b` in alternating batches (a, b, a, b …), each batch sized to about `sampleMs`,
 * and reports the median of the per-sample ratios b ÷ a, in CPU time and in wall time. A
 * neighbour slowing the machine slows both sides of a sample alike (wall) or not at all (CPU), so
 * the ratio holds where absolute times do not.
 */
export function measurePair(a: () => unknown, b: () => unknown, opts: { warmupMs?: number; samples?: number; sampleMs?: number } = {}): PairSample {
  const warmupMs = opts.warmupMs ?? 60;
  const sampleCount = opts.samples ?? 7;
  const sampleMs = opts.sampleMs ?? 25;
  const size = (fn: () => unknown) => {
    let calls = 0;
    const end = performance.now() + warmupMs / 2;
    while (performance.now() < end) {
      consume(fn());
      calls++;
    }
    return Math.max(1, Math.round((calls / (warmupMs / 2)) * sampleMs));
  };
  const perA = size(a);
  const perB = size(b);
  const timeBatch = (fn: () => unknown, n: number) => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) consume(fn());
    const wall = (performance.now() - t0) / n;
    const used = process.cpuUsage(cpu0);
    return { wall, cpu: (used.user + used.system) / 1000 / n };
  };
  const as: number[] = [];
  const bs: number[] = [];
  const aCpu: number[] = [];
  const bCpu: number[] = [];
  const cpuRatios: number[] = [];
  const wallRatios: number[] = [];
  for (let s = 0; s < sampleCount; s++) {
    const ta = timeBatch(a, perA);
    const tb = timeBatch(b, perB);
    as.push(ta.wall);
    bs.push(tb.wall);
    aCpu.push(ta.cpu);
    bCpu.push(tb.cpu);
    wallRatios.push(tb.wall / ta.wall);
    cpuRatios.push(tb.cpu / ta.cpu);
  }
  return { aMs: median(as), bMs: median(bs), aCpuMs: median(aCpu), bCpuMs: median(bCpu), ratio: median(cpuRatios), wallRatio: median(wallRatios) };
}

/**
 * CPU time beside wall time for in-process measurements: start it, do the work, and `stop()` says
 * e.g. "2.41 s wall, 2.38 s CPU" (CPU well below wall means the machine was busy with other work).
 */
export function cpuBeside(): { stop: () => string } {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  return {
    stop: () => {
      const cpu = process.cpuUsage(cpu0);
      return `${((performance.now() - wall0) / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU`;
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Uses a result without keeping it alive: compared with a marker no call returns, so the optimiser
 * cannot prove the call unused, and garbage once this returns. The sink this replaced held each
 * result until the next call had returned, so every measured call ran beside its predecessor's
 * result, which is the caller's choice, not the call's cost: with a 10,000-skill card the collector
 * copied the previous review's skills while the next review ran, and that review took about twice
 * as long (README, "Time per skill"; the review section prints that case beside the target).
 */
const NEVER_RETURNED = Symbol("never returned");
export let markersSeen = 0;
export function consume(value: unknown): void {
  if (value === NEVER_RETURNED) markersSeen++;
}

export function formatResult(r: BenchResult): string {
  const verdict = r.pass === undefined ? "    " : r.pass ? "PASS" : "FAIL";
  const target = r.target ? ` (target ${r.target.op} ${r.target.value} ${r.unit})` : "";
  const detail = r.detail ? `; ${r.detail}` : "";
  return `${verdict}  ${r.name}: ${formatNumber(r.value)} ${r.unit}${target}${detail}`;
}

function formatNumber(n: number): string {
  if (n >= 1000) return Math.round(n).toLocaleString("en-US");
  if (n >= 10) return n.toFixed(1);
  return n.toFixed(2);
}
