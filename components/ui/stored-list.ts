/**
 * A list kept in this browser's localStorage under one versioned key, read through
 * `useSyncExternalStore`: entries that no longer parse are skipped (never fatal), the snapshot is
 * stable while the stored text is the same, and other tabs' writes are heard.
 */
export interface StoredList<T> {
  /** The list now (the same array while the stored text has not changed). */
  get(): readonly T[];
  /** What the server renders: nothing is stored there. */
  getServer(): readonly T[];
  subscribe(listener: () => void): () => void;
  /** Replaces the list; false when the browser would not keep it (quota, storage off). */
  write(list: readonly T[]): boolean;
  /** The entries of a stored text that parse. */
  decode(raw: string | null): readonly T[];
}

export function storedList<T>(key: string, parseEntry: (entry: unknown) => T | undefined): StoredList<T> {
  const empty: readonly T[] = [];
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: readonly T[] } = { raw: null, value: empty };

  function decode(raw: string | null): readonly T[] {
    if (!raw) return empty;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return empty;
    }
    if (!Array.isArray(value)) return empty;
    return value.flatMap((entry) => {
      const parsed = parseEntry(entry);
      return parsed === undefined ? [] : [parsed];
    });
  }

  function readRaw(): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null; // storage disabled (private mode, policy): behave as if nothing was saved
    }
  }

  return {
    decode,
    get() {
      const raw = readRaw();
      if (raw !== cache.raw) cache = { raw, value: decode(raw) };
      return cache.value;
    },
    getServer: () => empty,
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key) listener();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
    write(list) {
      let kept = true;
      try {
        window.localStorage.setItem(key, JSON.stringify(list));
      } catch {
        kept = false; // the list stays usable for this session, just not saved
      }
      for (const listener of listeners) listener();
      return kept;
    },
  };
}
