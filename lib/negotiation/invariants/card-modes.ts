import type { NormalizedCard, Pointer } from "../card/model";
import { normalizeMode } from "./modes";

/**
 * Where a mode is declared on the card: the card-wide default list and every skill's override.
 * A skill's modes count because a client picking that skill sends (or expects) them.
 */
export interface DeclaredMode {
  mode: string;
  pointer: Pointer;
}

type ModeField = "input" | "output";

/** Declared modes of the card, first occurrence of each (case-insensitive), in card order. */
export function collectCardModes(card: NormalizedCard, field: ModeField): DeclaredMode[] {
  const out: DeclaredMode[] = [];
  const seen = new Set<string>();
  const defaults = field === "input" ? card.defaultInputModes : card.defaultOutputModes;
  addModes(out, seen, defaults.value, defaults.pointer, defaults.defaulted === true);
  for (const skill of card.skills) {
    const modes = field === "input" ? skill.inputModes : skill.outputModes;
    if (modes) addModes(out, seen, modes, `${skill.pointer}/${field}Modes`, false);
  }
  return out;
}

function addModes(
  out: DeclaredMode[],
  seen: Set<string>,
  modes: readonly string[],
  base: Pointer,
  defaulted: boolean,
): void {
  for (let i = 0; i < modes.length; i++) {
    const mode = modes[i];
    if (typeof mode !== "string") continue;
    const key = normalizeMode(mode);
    if (seen.has(key)) continue;
    seen.add(key);
    // A defaulted list has no elements in the text to point at: point at where it would be.
    out.push({ mode, pointer: defaulted ? base : `${base}/${i}` });
  }
}
