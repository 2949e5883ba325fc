import { parseArgs } from "node:util";
import type { ReviewContext } from "../negotiation/context";
import { explainInputError } from "../negotiation/explain";
import { loadCard as loadCardModel } from "../negotiation/card/load";
import { review } from "../negotiation/review";
import type { TaskClass } from "../negotiation/task-classes";
import { formatReviewText } from "./format-text";
import { loadCard, loadContext, loadProfile, resolveTaskClasses } from "./inputs";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";
import { buildRecords, parseLinkBase } from "./records";
import { hasRejection, toReviewJson } from "./review-json";
import { checkUsage } from "./usage";

/** `check`: one card, one profile → a review on stdout, the exit code says whether anything is rejected. */
export async function runCheck(argv: string[], io: CliIo): Promise<ExitCode> {
  const { values } = parseCheckArgs(argv);
  if (values.help) {
    await writeOut(io.stdout, checkUsage());
    return EXIT.ok;
  }
  if (!values.card) throw new UsageError("check: --card is required (a file, an http(s) URL, or - for stdin).", true);
  if (!values.profile) throw new UsageError("check: --profile is required (a profile JSON file or a preset name).", true);
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json") throw new UsageError(`check: --format must be text or json, not "${format}".`, true);

  // Cheap argument checks first, so a typo is reported before a network fetch.
  const taskClasses = resolveTaskClasses(values["task-class"]);
  const linkBase = parseLinkBase(values["link-base"]);
  const profile = await loadProfile(values.profile, io);
  const context: ReviewContext | undefined = values.context ? await loadContext(values.context, io) : undefined;
  const card = await loadCard(values.card, io);
  const aimed = values.skill === undefined ? taskClasses : aimAtSkill(values.skill, taskClasses, card.text);

  const result = review(card.text, profile, { context, taskClasses: aimed });
  if (result.inputErrors?.length) {
    // The CLI validated profile, context and task classes already; this is an engine failure.
    throw new UsageError(`check: the review could not run: ${result.inputErrors.map(explainInputError).join(" ")}`);
  }
  const json = toReviewJson(result);
  const exitCode = hasRejection(result) ? EXIT.rejected : EXIT.ok;
  if (format === "json") {
    const source = { source: card.source, ...(card.fetched ? { fetched: card.fetched } : {}) };
    const doc = {
      engine: result.engine,
      card: { name: result.card?.name ?? null, ...source },
      profile: result.profile.name,
      ...json,
      records: buildRecords(result, card, { context, linkBase }),
      exitCode,
    };
    await writeOut(io.stdout, JSON.stringify(doc, null, 2) + "\n");
  } else {
    await writeOut(io.stdout, formatReviewText(result, json, card));
    const rejected = result.decisions.filter((d) => d.decision === "reject").map((d) => d.taskClass);
    await writeOut(io.stdout, rejected.length ? `\nRejected: ${rejected.join(", ")} (exit 1)\n` : `\nNothing rejected (exit 0)\n`);
  }
  return exitCode;
}

/**
 * Every requested task class aimed at one skill of the card (its modes and security then apply).
 * A skill the card does not have is a usage error naming the skills it has.
 */
function aimAtSkill(skill: string, requested: readonly TaskClass[], cardText: string): TaskClass[] {
  const card = loadCardModel(cardText).card;
  const skills = (card?.skills ?? []).map((s) => s.id ?? s.name).filter((id): id is string => id !== undefined);
  if (!skills.includes(skill)) {
    throw new UsageError(`check: --skill ${skill}: the card has no such skill. Its skills: ${skills.length > 0 ? skills.join(", ") : "none"}.`);
  }
  return requested.map((taskClass) => ({ ...taskClass, skill }));
}

function parseCheckArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: false,
      strict: true,
      options: {
        card: { type: "string" },
        profile: { type: "string" },
        "task-class": { type: "string", multiple: true },
        context: { type: "string" },
        format: { type: "string" },
        "link-base": { type: "string" },
        skill: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (e) {
    throw new UsageError(`check: ${(e as Error).message}`, true);
  }
}
