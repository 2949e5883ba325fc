import { storedList } from "@/components/ui/stored-list";
import { ClientProfile } from "@/lib/negotiation";

/** Saved profiles live in this browser only (localStorage), versioned so a schema change can migrate. */
const store = storedList("parley.savedProfiles.v1", (entry) => {
  const profile = ClientProfile.safeParse(entry);
  return profile.success ? profile.data : undefined;
});

/** Tolerates anything in storage: entries that are not valid profiles are skipped, not fatal. */
export const decodeSavedProfiles = store.decode;
export const getSavedProfiles = store.get;
export const getServerSavedProfiles = store.getServer;
export const subscribeSavedProfiles = store.subscribe;
const write = (list: readonly ClientProfile[]) => void store.write(list);

/** Saves (or replaces, by name) a profile. */
export function saveProfile(profile: ClientProfile): void {
  const others = getSavedProfiles().filter((p) => p.name !== profile.name);
  write([...others, profile]);
}

export function deleteSavedProfile(name: string): void {
  write(getSavedProfiles().filter((p) => p.name !== name));
}

export type RenameResult = { ok: true } | { ok: false; problem: "empty" | "taken" | "missing" };

/** Renames a saved profile in place (its position in the list is kept). */
export function renameSavedProfile(from: string, to: string): RenameResult {
  const name = to.trim();
  if (name === "") return { ok: false, problem: "empty" };
  const list = getSavedProfiles();
  if (!list.some((p) => p.name === from)) return { ok: false, problem: "missing" };
  if (name !== from && list.some((p) => p.name === name)) return { ok: false, problem: "taken" };
  write(list.map((p) => (p.name === from ? { ...p, name } : p)));
  return { ok: true };
}

/** Puts a deleted profile back where it was (the "Undo" of a delete). */
export function restoreSavedProfile(profile: ClientProfile, index: number): void {
  const others = getSavedProfiles().filter((p) => p.name !== profile.name);
  write([...others.slice(0, index), profile, ...others.slice(index)]);
}

/**
 * Adds imported profiles. A name already saved is never overwritten: the newcomer is saved as
 * "Name (imported)", "Name (imported 2)", … and listed as renamed.
 */
export function importProfiles(profiles: readonly ClientProfile[]): { added: string[]; renamed: { from: string; to: string }[] } {
  const list = [...getSavedProfiles()];
  const added: string[] = [];
  const renamed: { from: string; to: string }[] = [];
  for (const profile of profiles) {
    let name = profile.name;
    for (let n = 1; list.some((p) => p.name === name); n++) name = `${profile.name} (imported${n === 1 ? "" : ` ${n}`})`;
    if (name !== profile.name) renamed.push({ from: profile.name, to: name });
    list.push({ ...profile, name });
    added.push(name);
  }
  write(list);
  return { added, renamed };
}
