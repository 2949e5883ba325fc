import type { WireFinding } from "./wire-checks";

/** One entry per finding id and URL (the same fault on every event is said once, with the exchanges it was in). */
export function groupWire(findings: readonly WireFinding[]): { first: WireFinding; seqs: number[] }[] {
  const groups = new Map<string, { first: WireFinding; seqs: number[] }>();
  for (const f of findings) {
    const key = `${f.id} ${f.url}`;
    const g = groups.get(key);
    if (g) {
      if (!g.seqs.includes(f.seq)) g.seqs.push(f.seq);
    } else groups.set(key, { first: f, seqs: [f.seq] });
  }
  return [...groups.values()];
}
