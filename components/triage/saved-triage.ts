import { fromTriageFile, toTriageFile, type TriageInputs } from "@/lib/triage/inputs";
import { TriageFile } from "@/lib/triage/triage";

/**
 * The triage is kept in this browser (IndexedDB, not localStorage: a few hundred cards are
 * megabytes, past localStorage's quota, and IndexedDB writes without blocking the page) after every
 * change, and restored when the page opens. A triage link in the address wins over it; "Start
 * fresh" forgets it. Anything unreadable in storage is no triage, never an error.
 */
const DB_NAME = "parley-triage";
const STORE = "state";
const KEY = "current";

export interface StoredTriage {
  savedAt: string;
  inputs: TriageInputs;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("no IndexedDB"));
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB would not open"));
    request.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
  });
}

async function withStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
      transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
    });
  } finally {
    db.close();
  }
}

export async function readStoredTriage(): Promise<StoredTriage | undefined> {
  try {
    const value = await withStore<unknown>("readonly", (store) => store.get(KEY));
    if (typeof value !== "object" || value === null) return undefined;
    const { savedAt, file } = value as { savedAt?: unknown; file?: unknown };
    const parsed = TriageFile.safeParse(file);
    if (!parsed.success || typeof savedAt !== "string") return undefined;
    return { savedAt, inputs: fromTriageFile(parsed.data) };
  } catch {
    return undefined;
  }
}

/** False when the browser would not keep it (no IndexedDB, quota, private mode). */
export async function storeTriage(inputs: TriageInputs): Promise<boolean> {
  try {
    if (inputs.cards.length === 0 && inputs.profiles.length === 0) {
      await withStore("readwrite", (store) => store.delete(KEY));
    } else {
      await withStore("readwrite", (store) => store.put({ savedAt: new Date().toISOString(), file: toTriageFile(inputs) }, KEY));
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the latest inputs, writing at once (edits come at a person's pace: files added, a profile
 * ticked) with at most one write in flight and one waiting: a reload a moment after a change still
 * finds it.
 */
export function createTriageKeeper(onResult: (kept: boolean) => void): (inputs: TriageInputs) => void {
  let writing = false;
  let waiting: TriageInputs | null = null;
  const drain = async () => {
    writing = true;
    while (waiting) {
      const next = waiting;
      waiting = null;
      onResult(await storeTriage(next));
    }
    writing = false;
  };
  return (inputs) => {
    waiting = inputs;
    if (!writing) void drain();
  };
}
