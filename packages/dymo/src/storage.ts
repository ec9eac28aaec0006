/** The part of localStorage the client uses; the web app passes window.localStorage. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A store that lives as long as the client (the default: nothing survives a reload). */
export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/**
 * The store with its failures swallowed: browsers throw from localStorage when storage is
 * disabled or full, and a missing cache must never stop a label from printing.
 */
export function tolerantStore(store: KeyValueStore): KeyValueStore {
  const attempt = <T>(run: () => T, fallback: T): T => {
    try {
      return run();
    } catch {
      return fallback;
    }
  };
  return {
    getItem: (key) => attempt(() => store.getItem(key), null),
    setItem: (key, value) => attempt(() => store.setItem(key, value), undefined),
    removeItem: (key) => attempt(() => store.removeItem(key), undefined),
  };
}
