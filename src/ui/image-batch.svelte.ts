// A batch of images worked on one after the other in the page's tool worker with the page's
// current settings (the converter, the resizer, the background remover): each file with its
// status and result, before/after sizes, download names that never collide, and a ZIP of them
// all. New settings make every result stale and run the files again; new files join the run.
// The page says what one file's work is (BatchJob.run); BatchList.svelte draws the batch.
import { zipSync } from 'fflate';
import { keepFiles } from './session-inputs';
import { saveBlob, typedBlob } from './blob-urls';
import { BROWSER_DRAWS, detectFormat, readBase64, uniqueNames, type InputFormat } from './image-files';

/** What one file's work produced. */
export interface Produced {
  blob: Blob;
  /** The download name before de-duplication (`photo.webp`); the batch makes names unique. */
  name: string;
  /** The output's format (`webp`, `png`…). */
  format: string;
  width: number;
  height: number;
  /** What the tool's answer says was lost (its `notice`: an animation's later frames), shown under the result. */
  notice?: string;
}

export interface Result extends Produced {
  url: string;
  size: number;
}

/** One file's work, as the page defines it. */
export interface BatchJob<S> {
  /** The page's current settings; read inside an effect, so a change re-runs stale files. */
  settings: () => S;
  /** What a result is made with: a result made under another key is stale. */
  key: (settings: S) => string;
  /**
   * Works on one file (`image`: its Base64, already read and within the device's limit) and
   * resolves with the output, or rejects with an Error whose message is shown on the row (the
   * tool's 400 sentence).
   */
  run: (
    file: { file: File; format: InputFormat | undefined; image: string },
    settings: S,
    signal: AbortSignal,
  ) => Promise<Produced>;
  /** Words of the summary line: `working` "Converting", `done` "converted to WebP". */
  working: string;
  done: (settings: S) => string;
  /** The ZIP's file name (`converted-webp.zip`). */
  zipName: (settings: S) => string;
  /** Pause before a settings change runs the batch again (a dragged slider is one run). */
  settleMs?: number;
  /**
   * An upright PNG of an original the browser cannot draw (TIFF), made by the page's own tool;
   * resolves undefined when it cannot. Without it such originals are not shown.
   */
  preview?: (image: string, format: InputFormat | undefined) => Promise<Blob | undefined>;
}

export interface Item {
  id: number;
  file: File;
  format: InputFormat | undefined;
  /** Object URL of the original, drawn by the browser (EXIF orientation applied). */
  inputUrl: string;
  shown?: { width: number; height: number };
  drawFailed?: boolean;
  /** A PNG of the original made by the converter, for files the browser cannot draw (TIFF). */
  previewUrl?: string;
  previewing?: boolean;
  status: 'queued' | 'working' | 'done' | 'error';
  /** The settings key of the last finished attempt (done or error). */
  key?: string;
  error?: string;
  /** The user stopped its work (Cancel): an error of its own kind, shown as "Cancelled". */
  cancelled?: boolean;
  result?: Result;
}

interface Loop {
  key: string;
  controller: AbortController;
}

/** Formats a ZIP's deflate can still shrink (the others are compressed already: stored). */
const DEFLATES = new Set(['tiff', 'gif']);

/** Create it while a component initialises: it watches the settings and cleans up with it. */
export class ImageBatch<S> {
  items: Item[] = $state.raw([]);

  readonly #job: BatchJob<S>;
  #nextId = 1;
  /** Bumped by clear() and teardown: files still being read for an older generation are dropped. */
  #generation = 0;
  // One file at a time, in order. A loop works on every item whose result is missing or stale;
  // new files join the running loop; new settings stop it and start another.
  #loop: Loop | undefined;

  readonly key: string = $derived.by(() => this.#job.key(this.#job.settings()));
  /** Items whose last attempt used the current settings (done or failed). */
  readonly finished: Item[] = $derived(this.items.filter((item) => item.key === this.key));
  readonly converted: Item[] = $derived(this.finished.filter((item) => item.status === 'done' && item.result));
  readonly cancelledCount: number = $derived(this.finished.filter((item) => item.cancelled).length);
  readonly failedCount: number = $derived(this.finished.length - this.converted.length - this.cancelledCount);
  readonly busy: boolean = $derived(this.finished.length < this.items.length);
  /** Bytes before and after, of the finished items. */
  readonly totals = $derived({
    before: this.converted.reduce((sum, item) => sum + item.file.size, 0),
    after: this.converted.reduce((sum, item) => sum + (item.result?.size ?? 0), 0),
  });
  /**
   * Each finished item's download name, unique in the batch (`photo.webp`, `photo-2.webp`):
   * the same names on the rows' links and in the ZIP.
   */
  readonly names: ReadonlyMap<number, string> = $derived.by(() => {
    const unique = uniqueNames(this.converted.map((item) => item.result!.name));
    return new Map(this.converted.map((item, i) => [item.id, unique[i]!]));
  });

  /** One line for the whole batch: progress while busy, then what was done. */
  readonly summary: string = $derived.by(() => {
    const n = this.items.length;
    if (!n) return '';
    if (this.busy)
      return n === 1
        ? `${this.#job.working}…`
        : `${this.#job.working} ${Math.min(this.finished.length + 1, n)} of ${n}…`;
    const failed = this.failedCount ? ` · ${this.failedCount} failed` : '';
    const cancelled = this.cancelledCount ? ` · ${this.cancelledCount} cancelled` : '';
    return `${this.converted.length} of ${n} ${this.#job.done(this.#job.settings())}${failed}${cancelled}`;
  });

  /** `slug`: the page's, whose files are kept in this tab's memory for a return to it (session-inputs.ts). */
  constructor(job: BatchJob<S>, slug?: string) {
    this.#job = job;
    // Not on the first run: the batch starts empty, and the page adds the kept files after it (handedFiles).
    let started = false;
    if (slug) {
      $effect(() => {
        const files = this.items.map((item) => item.file);
        if (started) keepFiles(slug, files);
        started = true;
      });
    }
    // New settings: run again (after a short pause, so sliding the quality is one run).
    $effect(() => {
      void this.key;
      const timer = setTimeout(() => this.items.length && this.#pump(), job.settleMs ?? 250);
      return () => clearTimeout(timer);
    });
    // The page is left: stop working and free the object URLs.
    $effect(() => () => {
      this.#generation++;
      this.#stop();
      this.items.forEach(release);
    });
  }

  /** Whether the item's status and result belong to the current settings. */
  isFresh(item: Item): boolean {
    return item.key === this.key;
  }

  statusOf(item: Item): string {
    if (item.status === 'working') return `${this.#job.working}…`;
    if (!this.isFresh(item)) return 'Queued';
    return item.status === 'done' ? 'Done' : item.cancelled ? 'Cancelled' : 'Failed';
  }

  /** The item's download name (unique in the batch), once it has a fresh result. */
  nameOf(item: Item): string | undefined {
    return this.names.get(item.id);
  }

  update(id: number, patch: Partial<Item>): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...patch } : item));
  }

  async add(files: File[]): Promise<void> {
    const generation = this.#generation;
    const added = await Promise.all(
      files.map(async (file): Promise<Item> => ({
        id: this.#nextId++,
        file,
        format: await detectFormat(file).catch(() => undefined),
        inputUrl: URL.createObjectURL(file),
        status: 'queued',
      })),
    );
    if (generation !== this.#generation) {
      // Cleared (or the page left) while the files' formats were read.
      added.forEach(release);
      return;
    }
    this.items = [...this.items, ...added];
    this.#pump();
    for (const item of added) if (!item.format || !BROWSER_DRAWS.has(item.format)) void this.preview(item.id);
  }

  /**
   * The browser cannot draw the original (TIFF, or a variant it does not know): the page's tool,
   * asked for a PNG (BatchJob.preview), draws it upright instead. Queued in the same worker after
   * the work already asked for; a file it cannot read keeps the note that says so.
   */
  async preview(id: number): Promise<void> {
    const item = this.items.find((candidate) => candidate.id === id);
    const draw = this.#job.preview;
    if (!item || item.previewing || item.previewUrl) return;
    if (!draw) return this.update(id, { drawFailed: true });
    this.update(id, { previewing: true });
    let patch: Partial<Item> = { previewing: false, drawFailed: true };
    try {
      const image = await readBase64(item.file);
      const png = await draw(image, item.format);
      if (png) patch = { previewing: false, previewUrl: URL.createObjectURL(png) };
    } catch {
      // Too large or unreadable: the work itself reports why.
    }
    if (this.items.some((other) => other.id === id)) this.update(id, patch);
    else if (patch.previewUrl) URL.revokeObjectURL(patch.previewUrl);
  }

  remove(item: Item): void {
    this.items = this.items.filter((other) => other.id !== item.id);
    release(item);
    if (item.status === 'working') {
      this.#stop();
      this.#pump();
    }
  }

  /** Runs the files that failed (or were cancelled) under the current settings again. */
  retry(): void {
    const key = this.key;
    if (!this.items.some((item) => item.key === key && item.status === 'error')) return;
    this.items = this.items.map((item) =>
      item.key === key && item.status === 'error' ? { ...item, key: undefined, status: 'queued' } : item,
    );
    this.#pump();
  }

  /**
   * Stops the work under way and what is queued (the worker is terminated, so nothing keeps
   * computing): those files are marked cancelled under the current settings, so they wait for
   * new settings (or to be added again) while new files are worked on as usual.
   */
  cancel(): void {
    const key = this.key;
    this.#stop();
    const error = 'Cancelled before it finished. Change a setting, or add the file again, to run it again.';
    this.items = this.items.map((item) =>
      item.key === key ? item : { ...item, status: 'error', key, error, cancelled: true, result: releaseResult(item) },
    );
  }

  clear(): void {
    this.#generation++;
    this.#stop();
    this.items.forEach(release);
    this.items = [];
  }

  /** Saves every finished file in one ZIP, under the rows' names. */
  async downloadZip(): Promise<void> {
    const ready = this.converted.filter((item) => item.result);
    const buffers = await Promise.all(ready.map((item) => item.result!.blob.arrayBuffer()));
    const entries: Record<string, [Uint8Array, { level: 0 | 6 }]> = {};
    ready.forEach((item, i) => {
      entries[this.names.get(item.id)!] = [
        new Uint8Array(buffers[i]!),
        { level: DEFLATES.has(item.result!.format) ? 6 : 0 },
      ];
    });
    const zip = zipSync(entries);
    saveBlob(typedBlob([zip as Uint8Array<ArrayBuffer>], 'application/zip'), this.#job.zipName(this.#job.settings()));
  }

  #stop(): void {
    this.#loop?.controller.abort();
    this.#loop = undefined;
    if (this.items.some((item) => item.status === 'working')) {
      this.items = this.items.map((item) => (item.status === 'working' ? { ...item, status: 'queued' } : item));
    }
  }

  #pump(): void {
    const key = this.key;
    if (this.#loop?.key === key) return;
    this.#stop();
    const loop = { key, controller: new AbortController() };
    this.#loop = loop;
    void this.#runAll(loop, this.#job.settings());
  }

  async #runAll(loop: Loop, settings: S): Promise<void> {
    const { signal } = loop.controller;
    for (;;) {
      if (signal.aborted) return;
      const item = this.items.find((candidate) => candidate.key !== loop.key);
      if (!item) {
        if (this.#loop === loop) this.#loop = undefined;
        return;
      }
      this.update(item.id, { status: 'working' });
      let patch: Partial<Item>;
      try {
        const image = await readBase64(item.file);
        const produced = await this.#job.run({ file: item.file, format: item.format, image }, settings, signal);
        const result = { ...produced, url: URL.createObjectURL(produced.blob), size: produced.blob.size };
        patch = { status: 'done', key: loop.key, error: undefined, cancelled: false, result };
      } catch (error) {
        if (signal.aborted) return;
        patch = {
          status: 'error',
          key: loop.key,
          error: error instanceof Error ? error.message : String(error),
          cancelled: false,
          result: undefined,
        };
      }
      const current = this.items.find((other) => other.id === item.id);
      if (!current || signal.aborted) {
        if (patch.result) URL.revokeObjectURL(patch.result.url);
        if (signal.aborted) return;
        continue;
      }
      if (current.result) URL.revokeObjectURL(current.result.url);
      this.update(item.id, patch);
    }
  }
}

function release(item: Item): void {
  URL.revokeObjectURL(item.inputUrl);
  if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
  releaseResult(item);
}

/** Frees a stale result's object URL (the item stays in the list); undefined, its new result. */
function releaseResult(item: Item): undefined {
  if (item.result) URL.revokeObjectURL(item.result.url);
  return undefined;
}
