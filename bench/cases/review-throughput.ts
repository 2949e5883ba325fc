import { corpusCardNames, readCorpusCard } from "../../fixtures/corpus";
import { validateCardValue } from "../../lib/negotiation/card/validate";
import { NORTHWIND } from "../../lib/negotiation/profile";
import { review } from "../../lib/negotiation/review";
import { BUILT_IN_TASK_CLASS_IDS } from "../../lib/negotiation/task-classes";
import { cardWithSkills, describeSize, TYPICAL_CARD_TEXT } from "../fixtures";
import { type BenchResult, type BenchSection, cpuBeside, keep, measurePair, median } from "../harness";

/** A full review may cost at most this many times JSON.parse of the same card (median over the corpus). */
export const MAX_REVIEW_TO_PARSE = 2.5;
/** From 100 to 10,000 skills, a review's time per skill may vary at most this much (linear in skills). */
export const MAX_PER_SKILL_SPREAD = 1.5;
export const SKILL_COUNTS = [100, 1_000, 10_000] as const;

/**
 * One review (card text → validity, findings and decisions for all five task classes, Northwind)
 * against JSON.parse of the same text, per corpus card; both measured in alternating samples and
 * compared in CPU time (wall time beside it), so machine speed and load cancel out of the ratio. Then the same review on one card grown to 100,
 * 1,000 and 10,000 skills: time per skill must stay flat.
 */
export const reviewThroughput: BenchSection = {
  id: "review",
  title: "Review against JSON.parse of the same card (lib/negotiation review(), in-process)",
  run: async (log) => {
    const results: BenchResult[] = [];
    const cpu = cpuBeside();
    const rows = corpusCardNames().map((name) => {
      const text = readCorpusCard(name);
      const check = review(text, NORTHWIND);
      if (check.decisions.length !== BUILT_IN_TASK_CLASS_IDS.length) throw new Error(`${name} did not review: ${JSON.stringify(check.inputErrors)}`);
      const pair = measurePair(
        () => JSON.parse(text),
        () => keep(review(text, NORTHWIND)),
      );
      const validation = measurePair(
        () => JSON.parse(text),
        () => keep(validateCardValue(JSON.parse(text))),
        { samples: 5 },
      );
      return { name, ratio: pair.ratio, wallRatio: pair.wallRatio, parseUs: pair.aMs * 1000, reviewUs: pair.bMs * 1000, validationRatio: validation.ratio };
    });
    const usage = cpu.stop();
    rows.sort((a, b) => a.ratio - b.ratio);
    for (const r of rows) {
      log(
        `  ${r.ratio.toFixed(2).padStart(6)}×  ${r.name} (${describeSize(readCorpusCard(r.name))}): review ${r.reviewUs.toFixed(1)} µs, ` +
          `JSON.parse ${r.parseUs.toFixed(1)} µs (wall ${r.wallRatio.toFixed(2)}×); parse + validation ${r.validationRatio.toFixed(2)}×`,
      );
    }
    const medianRatio = median(rows.map((r) => r.ratio));
    const worst = rows[rows.length - 1]!;
    results.push({
      name: `review ÷ JSON.parse of the same card, median over ${rows.length} corpus cards`,
      value: medianRatio,
      unit: "×",
      target: { op: "<=", value: MAX_REVIEW_TO_PARSE },
      pass: medianRatio <= MAX_REVIEW_TO_PARSE,
      detail:
        `CPU time; in wall time ${median(rows.map((r) => r.wallRatio)).toFixed(2)}×; worst ${worst.ratio.toFixed(2)}× (${worst.name}); ` +
        `JSON.parse + validation alone: median ${median(rows.map((r) => r.validationRatio)).toFixed(2)}×; ${usage}`,
    });

    const typical = measurePair(
      () => JSON.parse(TYPICAL_CARD_TEXT),
      () => keep(review(TYPICAL_CARD_TEXT, NORTHWIND)),
    );
    results.push({
      name: `typical card (${describeSize(TYPICAL_CARD_TEXT)}): reviews/s, all ${BUILT_IN_TASK_CLASS_IDS.length} task classes`,
      value: 1000 / typical.bMs,
      unit: "reviews/s",
      detail: `${(typical.bMs * 1000).toFixed(1)} µs per review, ${typical.ratio.toFixed(2)}× JSON.parse`,
    });

    const cpuSkills = cpuBeside();
    const perSkill = SKILL_COUNTS.map((skills) => {
      const text = cardWithSkills(skills);
      const pair = measurePair(
        () => JSON.parse(text),
        () => keep(review(text, NORTHWIND)),
        { warmupMs: 200, samples: 5, sampleMs: 150 },
      );
      const row = { skills, usPerSkill: (pair.bMs * 1000) / skills, ratio: pair.ratio };
      if (!review(text, NORTHWIND).validity.valid) throw new Error(`the ${skills}-skill bench card is not valid`);
      log(`  ${skills.toLocaleString("en-US")} skills (${describeSize(text)}): ${(pair.bMs).toFixed(2)} ms per review, ${row.usPerSkill.toFixed(2)} µs per skill, ${pair.ratio.toFixed(2)}× JSON.parse`);
      return row;
    });
    const spread = Math.max(...perSkill.map((r) => r.usPerSkill)) / Math.min(...perSkill.map((r) => r.usPerSkill));
    results.push({
      name: `review time per skill, ${SKILL_COUNTS.map((n) => n.toLocaleString("en-US")).join(" / ")} skills: largest ÷ smallest`,
      value: spread,
      unit: "×",
      target: { op: "<=", value: MAX_PER_SKILL_SPREAD },
      pass: spread <= MAX_PER_SKILL_SPREAD,
      detail: `${perSkill.map((r) => `${r.usPerSkill.toFixed(2)} µs`).join(" / ")} per skill; ${cpuSkills.stop()}`,
    });
    return results;
  },
};
