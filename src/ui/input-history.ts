// The opt-in history of a tool's inputs: off by default, turned on per tool by the user (the
// History panel, InputHistory.svelte). Kept in this browser's IndexedDB (database `devtoolbox`,
// store `history`), on this device only: nothing is sent anywhere. Bounded: the last
// HISTORY_COUNT inputs per tool, each at most HISTORY_ENTRY_CHARS characters of JSON (a larger
// input is not kept). Credentials (JWT secrets and keys, HMAC keys) and images are never kept
// (ToolRunner leaves them out). Which tools have it on: localStorage `devtoolbox:history`.
import { load, save } from './storage';

export const HISTORY_COUNT = 20;
export const HISTORY_ENTRY_CHARS = 100_000;
/** A run is recorded once the input has rested this long: typing records one entry, not one per pause. */
const SETTLE_MS = 1200;
const DB = 'devtoolbox';
const STORE = 'history';

export interface HistoryEntry {
  id: number;
  slug: string;
  /** When it ran (ms since the epoch). */
  at: number;
  /** The page's input fields, as the runner held them. */
  fields: Record<string, unknown>;
}

const isSlugList = (value: unknown): value is string[] => Array.isArray(value) && value.every((slug) => typeof slug === 'string');
const listeners = new Set<(slug: string) => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function historyOn(slug: string): boolean {
  return load('history', [], isSlugList).includes(slug);
}

export function setHistoryOn(slug: string, on: boolean): void {
  const slugs = load('history', [], isSlugList).filter((entry) => entry !== slug);
  save('history', on ? [...slugs, slug] : slugs);
  if (!on) clearTimeout(timers.get(slug));
}

/** Calls `changed(slug)` after a tool's history changed (an entry added, the list cleared). */
export function watchHistory(changed: (slug: string) => void): () => void {
  listeners.add(changed);
  return () => listeners.delete(changed);
}

/** A successful run's input: kept once it has settled, when the tool's history is on. */
export function noteInput(slug: string, fields: Record<string, unknown>): void {
  clearTimeout(timers.get(slug));
  if (!historyOn(slug)) return;
  timers.set(
    slug,
    setTimeout(() => {
      timers.delete(slug);
      addEntry(slug, fields).catch(() => {
        // IndexedDB unavailable (private mode, disabled storage): no history, nothing breaks.
      });
    }, SETTLE_MS),
  );
}

function open(version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true }).createIndex('slug', 'slug');
    };
    request.onsuccess = () => {
      const db = request.result;
      // A database of that name without the store (made by something else): add it in a new version.
      if (db.objectStoreNames.contains(STORE)) return resolve(db);
      db.close();
      open(db.version + 1).then(resolve, reject);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

function all(store: IDBObjectStore, slug: string): Promise<HistoryEntry[]> {
  return new Promise((resolve, reject) => {
    const request = store.index('slug').getAll(slug);
    request.onsuccess = () => resolve((request.result as HistoryEntry[]).sort((a, b) => b.id - a.id));
    request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
  });
}

async function addEntry(slug: string, fields: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(fields);
  if (json.length > HISTORY_ENTRY_CHARS || !historyOn(slug)) return;
  const db = await open();
  try {
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    const entries = await all(store, slug);
    // The same input run again moves to the top rather than appearing twice.
    for (const entry of entries.filter((entry) => JSON.stringify(entry.fields) === json)) store.delete(entry.id);
    store.add({ slug, at: Date.now(), fields });
    const others = entries.filter((entry) => JSON.stringify(entry.fields) !== json);
    for (const entry of others.slice(HISTORY_COUNT - 1)) store.delete(entry.id);
    await done(transaction);
  } finally {
    db.close();
  }
  for (const changed of listeners) changed(slug);
}

/** The tool's kept inputs, newest first. */
export async function historyOf(slug: string): Promise<HistoryEntry[]> {
  const db = await open();
  try {
    const transaction = db.transaction(STORE, 'readonly');
    return await all(transaction.objectStore(STORE), slug);
  } finally {
    db.close();
  }
}

/** Deletes every kept input of the tool from IndexedDB. */
export async function clearHistory(slug: string): Promise<void> {
  clearTimeout(timers.get(slug));
  const db = await open();
  try {
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    for (const entry of await all(store, slug)) store.delete(entry.id);
    await done(transaction);
  } finally {
    db.close();
  }
  for (const changed of listeners) changed(slug);
}
