// @ts-check
// Namespaced localStorage: every key the app writes starts with its
// `storageKey` prefix, so two app instances with different keys never meet.
// Storage can be missing, full or forbidden (private modes, embedded
// iframes): reads then return nothing and writes report false, and the app
// goes on without persistence.

/**
 * @param {string} prefix  e.g. "cribbage"; keys become "cribbage.settings".
 */
export function createStore(prefix = 'cribbage') {
  const key = (name) => `${prefix}.${name}`;
  const storage = () => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  };
  return {
    prefix,
    /** The raw text under `name`, or null. */
    readText(name) {
      try {
        return storage()?.getItem(key(name)) ?? null;
      } catch {
        return null;
      }
    },
    /**
     * The parsed JSON under `name`: `{ value }`, `{ value: null }` when
     * absent, or `{ error }` when the text is not JSON.
     */
    read(name) {
      const text = this.readText(name);
      if (text === null) return { value: null };
      try {
        return { value: JSON.parse(text) };
      } catch (err) {
        return { error: err, text };
      }
    },
    /** Stores `value` as JSON; false when storage is missing or refused it (full, blocked). */
    write(name, value) {
      try {
        const target = storage();
        if (!target) return false;
        target.setItem(key(name), JSON.stringify(value));
        return true;
      } catch {
        return false;
      }
    },
    remove(name) {
      try {
        storage()?.removeItem(key(name));
      } catch {
        // Nothing to do: storage is unavailable.
      }
    },
  };
}
