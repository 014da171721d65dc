// Preferences kept on this device (localStorage), under one prefix. Storage can be missing or
// refuse writes (private windows, quotas, disabled storage): the app then simply forgets.

const PREFIX = 'devtoolbox:';

export function load<T>(key: string, fallback: T, valid: (value: unknown) => value is T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function save(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Not kept: the setting lasts for this page only.
  }
}

/** Calls `changed` when another tab writes `key`, so open windows agree. */
export function watch(key: string, changed: () => void): void {
  addEventListener('storage', (event) => {
    if (event.key === PREFIX + key) changed();
  });
}
