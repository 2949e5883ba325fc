/**
 * Whose client this browser reviews for: the preset the user picked on a first visit, kept in
 * localStorage by its short id. Read through `useSyncExternalStore` (the server has no choice), so
 * the first render matches the server's and the remembered client is applied right after.
 */
import { findPreset, PRESET_IDS, type ClientProfile } from "@/lib/negotiation";

const KEY = "parley.client.v1";
const listeners = new Set<() => void>();

/** The presets a first visit offers, most used first; the rule's example client comes last. */
export const OFFERED_CLIENTS: readonly string[] = ["a2a-python", "a2a-js", "browser", "grpc-backend", "text-only", "full-sdk", "northwind"].filter((id) =>
  PRESET_IDS.includes(id),
);

/** The chosen preset's id; null when none was chosen (or storage is off). */
export function getClientChoice(): string | null {
  try {
    const id = window.localStorage.getItem(KEY);
    return id !== null && PRESET_IDS.includes(id) ? id : null;
  } catch {
    return null;
  }
}

export const getServerClientChoice = (): string | null => null;

export function subscribeClientChoice(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Remembers the choice; false when this browser would not keep it. */
export function storeClientChoice(id: string): boolean {
  let kept = true;
  try {
    window.localStorage.setItem(KEY, id);
  } catch {
    kept = false;
  }
  for (const listener of listeners) listener();
  return kept;
}

export function chosenProfile(id: string | null): ClientProfile | undefined {
  return id === null ? undefined : findPreset(id);
}
