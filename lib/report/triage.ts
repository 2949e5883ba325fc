import { escapeMarkdown } from "../markdown";
import { cellOutcome, type TriageCard, type TriageCell, type TriageProfile } from "../triage/triage";
import { oneLine } from "./escape";

/**
 * A triage's grid as files: CSV (a row per card × profile) and Markdown (a table per profile). The
 * dashboard's export buttons and `parley triage --format csv|markdown` both write through here.
 */
/**
 * One CSV cell. Its line breaks and control characters become visible escapes (a cell of the
 * card's making never starts a line of the file); a cell a spreadsheet would run as a formula is
 * prefixed with a quote; and a cell holding `,` or `;` (the separator of `;` locales), a quote, a
 * blank at either end or a CI command marker is quoted, so no locale splits it into cells.
 */
export function csvField(value: string): string {
  const flat = oneLine(value);
  const safe = /^[=+\-@\t\r\s]*[=+\-@]/.test(flat) || /^[\t\r]/.test(value) ? `'${flat}` : flat;
  return /[",;]|^::|^##/.test(safe) || /^\s|\s$/.test(flat) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row per card × profile; a column per task class, then the invariants behind each non-accept. */
export function toCsv(cells: readonly TriageCell[], cards: readonly TriageCard[], profiles: readonly TriageProfile[], taskClasses: readonly string[]): string {
  const header = ["card", "name", "source", "profile", "valid", "worst", ...taskClasses, ...taskClasses.map((t) => `${t} rules`)];
  const lines = [header.map(csvField).join(",")];
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const profileById = new Map(profiles.map((p) => [p.id, p]));
  for (const cell of cells) {
    const card = cardById.get(cell.cardId);
    const profile = profileById.get(cell.profileId);
    const row = [
      card?.label ?? cell.cardId,
      cell.cardName ?? "",
      card?.source ?? "",
      profile?.profile.name ?? cell.profileId,
      cell.valid ? "yes" : "no",
      cell.worst,
      ...taskClasses.map((t) => {
        const d = cell.decisions[t];
        return d ? cellOutcome(d) : "";
      }),
      ...taskClasses.map((t) => (cell.decisions[t]?.rules ?? []).join(" ")),
    ];
    lines.push(row.map(csvField).join(","));
  }
  return lines.join("\n") + "\n";
}

/** A table per profile: cards down, task classes across, each cell the decision (and rules). */
export function toMarkdown(cells: readonly TriageCell[], cards: readonly TriageCard[], profiles: readonly TriageProfile[], taskClasses: readonly string[]): string {
  const out: string[] = ["# Parley triage", ""];
  const cardById = new Map(cards.map((c) => [c.id, c]));
  for (const profile of profiles) {
    const rows = cells.filter((c) => c.profileId === profile.id);
    if (rows.length === 0) continue;
    out.push(`## ${escapeMarkdown(profile.profile.name)}`, "", `| card | ${taskClasses.join(" | ")} |`, `|---|${taskClasses.map(() => "---").join("|")}|`);
    for (const cell of rows) {
      const card = cardById.get(cell.cardId);
      const label = escapeMarkdown(card?.label ?? cell.cardId) + (cell.valid ? "" : " (invalid)");
      const decisions = taskClasses.map((t) => {
        const d = cell.decisions[t];
        if (!d) return "—";
        const shown = cellOutcome(d) === "not-for-client" ? "not for this client" : d.decision;
        return d.rules.length > 0 && d.decision !== "accept" ? `${shown} (${d.rules.join(", ")})` : shown;
      });
      out.push(`| ${label} | ${decisions.join(" | ")} |`);
    }
    out.push("");
  }
  return out.join("\n");
}

/** A card left out of a triage, and why (`parley triage`: one that could not be read). */
export interface SkippedCard {
  card: string;
  reason: string;
}

/** The cards left out, as a Markdown section to follow the tables of toMarkdown. */
export function skippedMarkdown(skipped: readonly SkippedCard[]): string {
  const rows = skipped.map((s) => `| ${escapeMarkdown(s.card)} | ${escapeMarkdown(s.reason)} |`);
  return ["", "## Not triaged", "", `${skipped.length} ${skipped.length === 1 ? "card" : "cards"} could not be read:`, "", "| card | why |", "|---|---|", ...rows, ""].join("\n");
}
