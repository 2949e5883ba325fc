"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import type { SkillChoice } from "@/components/task-classes/task-class-selection";

type Skills = ReadonlyArray<{ id?: string; name?: string }> | undefined;

/** A picker of more would not be read: past this many skills, the task class panel searches. */
const SKILL_LIST_MAX = 500;

/**
 * The card's skills as the task class panel offers them. The same array while the card's skills
 * read the same, so the panel skips a keystroke's render; worked out once per review (a keystroke's
 * urgent render keeps the last one): a loop over every skill. Past the list's cap the picker
 * searches every skill, read at search time (never per keystroke).
 */
export function useSkillChoices(cardSkills: Skills) {
  const skillsKey = useMemo(() => skillKeyOf(cardSkills), [cardSkills]);
  const { choices: skills, total: skillTotal } = useMemo(() => skillsFromKey(skillsKey), [skillsKey]);
  const latest = useRef(cardSkills);
  useEffect(() => {
    latest.current = cardSkills;
  });
  const searchSkills = useCallback((text: string, limit: number) => findSkills(latest.current, text, limit), []);
  return { skills, skillTotal, searchSkills };
}

function skillKeyOf(skills: Skills): string {
  const choices: SkillChoice[] = [];
  const seen = new Set<string>();
  for (const s of skills ?? []) {
    if (typeof s.id !== "string" || s.id.trim() === "" || seen.has(s.id)) continue;
    seen.add(s.id);
    if (choices.length < SKILL_LIST_MAX) choices.push(s.name ? { id: s.id, name: s.name } : { id: s.id });
  }
  return JSON.stringify({ choices, total: seen.size });
}

function skillsFromKey(key: string): { choices: SkillChoice[]; total: number } {
  return JSON.parse(key) as { choices: SkillChoice[]; total: number };
}

function findSkills(skills: Skills, text: string, limit: number): SkillChoice[] {
  const needle = text.toLowerCase();
  const found: SkillChoice[] = [];
  const seen = new Set<string>();
  for (const s of skills ?? []) {
    if (found.length >= limit) break;
    if (typeof s.id !== "string" || s.id.trim() === "" || seen.has(s.id)) continue;
    seen.add(s.id);
    const name = typeof s.name === "string" ? s.name : undefined;
    if (s.id.toLowerCase().includes(needle) || (name !== undefined && name.toLowerCase().includes(needle))) found.push(name ? { id: s.id, name } : { id: s.id });
  }
  return found;
}
