import { storedList } from "@/components/ui/stored-list";
import { TaskClass } from "@/lib/negotiation";
import { isBuiltIn } from "./task-class-selection";

/**
 * The user's own task classes, kept in this browser beside its saved profiles: the workspace
 * saves them, its editor and /triage offer them again. Entries that no longer parse, or that take
 * a built-in id, are skipped.
 */
const store = storedList("parley.savedTaskClasses.v1", (entry) => {
  const parsed = TaskClass.safeParse(entry);
  return parsed.success && !isBuiltIn(parsed.data.id) ? parsed.data : undefined;
});

export const getSavedTaskClasses = store.get;
export const getServerSavedTaskClasses = store.getServer;
export const subscribeSavedTaskClasses = store.subscribe;

/** Saves (or replaces, by id) a class; false when the browser would not keep it. */
export function saveTaskClass(taskClass: TaskClass): boolean {
  const list = store.get();
  const at = list.findIndex((t) => t.id === taskClass.id);
  return store.write(at === -1 ? [...list, taskClass] : list.map((t, i) => (i === at ? taskClass : t)));
}

export function deleteSavedTaskClass(id: string): boolean {
  return store.write(store.get().filter((t) => t.id !== id));
}
