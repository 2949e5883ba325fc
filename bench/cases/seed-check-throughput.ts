import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readGoldenCases } from "../../fixtures/seed/golden";
import { checkReferenceAvailable } from "../../fixtures/seed/reference";
import { builtCli } from "../cli-build";
import type { BenchSection } from "../harness";
import { fastest, leastCpu, nodeSpec, type ProcessSpec, runInterleaved, runProcess, seconds } from "../process";

/** seed-check must get through at least as many cases per second as the Python reference (issue 33's target). */
export const MIN_SEED_CHECK_TO_PYTHON = 1.0;

const RUNNER = fileURLToPath(new URL("../seed-check/reference-runner.py", import.meta.url));

/**
 * `review seed-check` (built CLI, own process, start-up included) against the rule's Python
 * reference doing the same job (bench/seed-check/reference-runner.py: read each line, json.loads,
 * check_card_negotiable, write the outcome) on the same cases: the golden file's cases repeated,
 * each with its own id. The target is on CPU time (each process's own cost, whatever else the
 * machine runs), with wall time beside it. Needs python3 and the reference (see fixtures/seed/locate-reference.mjs);
 * without them the section says why it did not run.
 */
export const seedCheckThroughput: BenchSection = {
  id: "seed-check",
  title: "seed-check against the rule's Python reference (same cases, own processes, start-up included)",
  skipReason: () => {
    const available = checkReferenceAvailable();
    return available.ok ? undefined : `not measured: ${available.reason}.`;
  },
  run: async (log) => {
    const available = checkReferenceAvailable();
    if (!available.ok) throw new Error(available.reason);
    const lines = Number(process.env.PARLEY_BENCH_SEED_LINES ?? 100_000);
    const rounds = Number(process.env.PARLEY_BENCH_SEED_RUNS ?? 3);
    const cli = await builtCli();
    const dir = mkdtempSync(join(tmpdir(), "parley-bench-seed-"));
    try {
      const golden = readGoldenCases();
      const input = join(dir, "cases.jsonl");
      const out: string[] = [];
      for (let id = 0; id < lines; id++) {
        const { card, client_profile, task_class } = golden[id % golden.length]!;
        out.push(JSON.stringify({ id, card, client_profile, task_class }));
      }
      writeFileSync(input, out.join("\n") + "\n");
      log(`  input: ${lines.toLocaleString("en-US")} cases (the ${golden.length.toLocaleString("en-US")} golden cases, repeated), ${(out.join("").length / 1e6).toFixed(0)} MB; ${available.python}`);
      await checkAgreement(cli, available.location.path, input, dir, lines);
      log("  checked: both answer every case, and raise on the same cases with the same messages");

      const file = { stdin: { file: input } };
      const specs: Record<"python reference" | "seed-check", ProcessSpec> = {
        "python reference": { command: "python3", args: [RUNNER, available.location.path], ...file },
        "seed-check": nodeSpec([cli, "seed-check"], file),
      };
      const runs = await runInterleaved(specs, rounds, log);
      const ours = runs["seed-check"];
      const python = runs["python reference"];
      // Cases per second of seed-check ÷ those of Python = Python's time ÷ seed-check's time.
      const ratio = leastCpu(python) / leastCpu(ours);
      return [
        {
          name: `seed-check ÷ Python reference, cases per second (${lines.toLocaleString("en-US")} cases, CPU time, start-up included)`,
          value: ratio,
          unit: "×",
          target: { op: ">=", value: MIN_SEED_CHECK_TO_PYTHON },
          pass: ratio >= MIN_SEED_CHECK_TO_PYTHON,
          detail:
            `seed-check ${seconds(leastCpu(ours))} CPU / ${seconds(fastest(ours).wallMs)} wall (${Math.round((lines * 1000) / fastest(ours).wallMs).toLocaleString("en-US")} cases/s); ` +
            `Python ${seconds(leastCpu(python))} CPU / ${seconds(fastest(python).wallMs)} wall; ` +
            `wall ratio ${(fastest(python).wallMs / fastest(ours).wallMs).toFixed(2)}×`,
        },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** Same cases, same answers: otherwise the two sides would not be doing the same work. */
async function checkAgreement(cli: string, reference: string, input: string, dir: string, lines: number): Promise<void> {
  const pyOut = join(dir, "python.jsonl");
  const tsOut = join(dir, "seed-check.jsonl");
  await runProcess({ command: "python3", args: [RUNNER, reference], stdin: { file: input }, stdoutFile: pyOut });
  await runProcess(nodeSpec([cli, "seed-check"], { stdin: { file: input }, stdoutFile: tsOut }));
  type Line = { id: number; raised?: boolean; message?: string | null };
  const read = (path: string) => readFileSync(path, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as Line);
  const py = read(pyOut);
  const ts = read(tsOut);
  if (py.length !== lines || ts.length !== lines) throw new Error(`answers: Python ${py.length}, seed-check ${ts.length}, for ${lines} cases`);
  const differ = py.findIndex((p, i) => p.id !== ts[i]!.id || Boolean(p.raised) !== Boolean(ts[i]!.raised) || (p.raised === true && p.message !== ts[i]!.message));
  if (differ !== -1) throw new Error(`Python and seed-check disagree on case ${differ}: ${JSON.stringify(py[differ])} vs ${JSON.stringify(ts[differ])}`);
}
