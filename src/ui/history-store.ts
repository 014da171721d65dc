// The input history's records in IndexedDB (database `devtoolbox`, store `history`): add within
// the bounds it is given, list newest first, clear. Loaded only where the history is used. Storage
// alone: whether the history is on, its bounds and who to tell of a change are input-history.ts's,
// which loads this module, so nothing here imports it back.

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

function open(version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE))
        request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true }).createIndex('slug', 'slug');
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
    transaction.onerror = transaction.onabort = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

function all(store: IDBObjectStore, slug: string): Promise<HistoryEntry[]> {
  return new Promise((resolve, reject) => {
    const request = store.index('slug').getAll(slug);
    request.onsuccess = () => resolve((request.result as HistoryEntry[]).sort((a, b) => b.id - a.id));
    request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
  });
}

/** Keeps `fields` as the tool's newest of at most `count` entries; false when its JSON is over `chars` characters. */
export async function addEntry(
  slug: string,
  fields: Record<string, unknown>,
  { count, chars }: { count: number; chars: number },
): Promise<boolean> {
  const json = JSON.stringify(fields);
  if (json.length > chars) return false;
  const db = await open();
  try {
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    const entries = await all(store, slug);
    // The same input run again moves to the top rather than appearing twice.
    for (const entry of entries.filter((entry) => JSON.stringify(entry.fields) === json)) store.delete(entry.id);
    store.add({ slug, at: Date.now(), fields });
    const others = entries.filter((entry) => JSON.stringify(entry.fields) !== json);
    for (const entry of others.slice(count - 1)) store.delete(entry.id);
    await done(transaction);
  } finally {
    db.close();
  }
  return true;
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
  const db = await open();
  try {
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    for (const entry of await all(store, slug)) store.delete(entry.id);
    await done(transaction);
  } finally {
    db.close();
  }
}
