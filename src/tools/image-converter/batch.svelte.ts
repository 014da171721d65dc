// The image converter's batch: the files, converted one after the other in the page's tool
// worker with the current settings, each with its status and result, and a ZIP of them all.
// New settings make every result stale and convert the files again; new files join the run.
import { zipSync } from 'fflate';
import { BROWSER_DRAWS, FORMAT_NAMES, base64Blob, detectFormat, outputName, readBase64, saveBlob, uniqueNames, type InputFormat } from '../../ui/image-files';
import { runTool } from '../../workers/bridge';
import { LOSSLESS_TARGETS, type Target } from './schema';

/** The settings every file is converted with. */
export interface Settings {
  to: Target;
  quality: number;
  /** Asked for; applies only to the targets that have a lossless mode (WebP, AVIF). */
  lossless: boolean;
  /** A colour that replaces transparency, or '' for the tool's default (JPEG on white, others keep alpha). */
  background: string;
}

const LOSSY: ReadonlySet<Target> = new Set<Target>(['jpeg', 'webp', 'avif']);
/** Whether `target` has a quality setting. */
export const isLossy = (target: Target): boolean => LOSSY.has(target);
/** Whether `target` can be written losslessly on request. */
export const hasLosslessMode = (target: Target): boolean => LOSSLESS_TARGETS.includes(target);

/**
 * The request's settings fields, only those that apply: no `quality` where it is ignored, no
 * `lossless` where it does not exist (JPEG and GIF would refuse it), no empty `background`.
 * The batch's key and the page's API snippet use it too, so what is shown is what is sent.
 */
export function settingsBody({ to, quality, lossless, background }: Settings) {
  const exact = lossless && hasLosslessMode(to);
  return {
    to,
    ...(isLossy(to) && !exact ? { quality } : {}),
    ...(exact ? { lossless: true } : {}),
    ...(background ? { background } : {}),
  };
}

export interface Result {
  url: string;
  blob: Blob;
  name: string;
  format: Target;
  width: number;
  height: number;
  size: number;
}

export interface Item {
  id: number;
  file: File;
  format: InputFormat | undefined;
  /** Object URL of the original, drawn by the browser (EXIF orientation applied). */
  inputUrl: string;
  shown?: { width: number; height: number };
  drawFailed?: boolean;
  /** A PNG of the original made by this tool, for files the browser cannot draw (TIFF). */
  previewUrl?: string;
  previewing?: boolean;
  status: 'queued' | 'working' | 'done' | 'error';
  /** The settings of the last finished attempt (done or error). */
  key?: string;
  error?: string;
  result?: Result;
}

interface Loop {
  key: string;
  controller: AbortController;
}

/** Create it while a component initialises: it watches the settings and cleans up with it. */
export class Batch {
  items: Item[] = $state.raw([]);

  readonly #settings: () => Settings;
  #nextId = 1;
  // One conversion at a time, in order. A loop converts every item whose result is missing or
  // stale; new files join the running loop; new settings stop it and start another.
  #loop: Loop | undefined;

  /** What a result is made with; a result made with other settings is stale. */
  readonly key: string = $derived.by(() => JSON.stringify(settingsBody(this.#settings())));
  /** Items whose last attempt used the current settings (done or failed). */
  readonly finished: Item[] = $derived(this.items.filter((item) => item.key === this.key));
  readonly converted: Item[] = $derived(this.finished.filter((item) => item.status === 'done' && item.result));
  readonly failedCount: number = $derived(this.finished.length - this.converted.length);
  readonly busy: boolean = $derived(this.finished.length < this.items.length);
  /**
   * The name each converted file is saved as, by item id: unique across the batch (a second
   * `photo.webp`, from photo.png and photo.jpg, is `photo-2.webp`), the same per row and in the ZIP.
   */
  readonly names: ReadonlyMap<number, string> = $derived.by(() => {
    const names = uniqueNames(this.converted.map((item) => item.result!.name));
    return new Map(this.converted.map((item, i) => [item.id, names[i]!]));
  });
  /** Bytes before and after, of the converted items. */
  readonly totals = $derived({
    before: this.converted.reduce((sum, item) => sum + item.file.size, 0),
    after: this.converted.reduce((sum, item) => sum + (item.result?.size ?? 0), 0),
  });

  /** One line for the whole batch: progress while busy, then what was done. */
  readonly summary: string = $derived.by(() => {
    const n = this.items.length;
    if (!n) return '';
    if (this.busy) return n === 1 ? 'Converting…' : `Converting ${Math.min(this.finished.length + 1, n)} of ${n}…`;
    const failed = this.failedCount ? ` · ${this.failedCount} failed` : '';
    return `${this.converted.length} of ${n} converted to ${FORMAT_NAMES[this.#settings().to]}${failed}`;
  });

  constructor(settings: () => Settings) {
    this.#settings = settings;
    // New settings: convert again (after a short pause, so sliding the quality is one run).
    $effect(() => {
      void this.key;
      const timer = setTimeout(() => this.items.length && this.#pump(), 250);
      return () => clearTimeout(timer);
    });
    // The page is left: stop converting and free the object URLs.
    $effect(() => () => {
      this.#stop();
      this.items.forEach(release);
    });
  }

  /** Whether the item's status and result belong to the current settings. */
  isFresh(item: Item): boolean {
    return item.key === this.key;
  }

  statusOf(item: Item): string {
    if (item.status === 'working') return 'Converting…';
    if (!this.isFresh(item)) return 'Queued';
    return item.status === 'done' ? 'Done' : 'Failed';
  }

  update(id: number, patch: Partial<Item>): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...patch } : item));
  }

  async add(files: File[]): Promise<void> {
    const added = await Promise.all(
      files.map(async (file): Promise<Item> => ({
        id: this.#nextId++,
        file,
        format: await detectFormat(file).catch(() => undefined),
        inputUrl: URL.createObjectURL(file),
        status: 'queued',
      })),
    );
    this.items = [...this.items, ...added];
    this.#pump();
    for (const item of added) if (!item.format || !BROWSER_DRAWS.has(item.format)) void this.preview(item.id);
  }

  /**
   * The browser cannot draw the original (TIFF, or a variant it does not know): this tool,
   * asked for a PNG, draws it upright instead. Queued in the same worker after the conversions
   * already asked for; a file it cannot read keeps the note that says so.
   */
  async preview(id: number): Promise<void> {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item || item.previewing || item.previewUrl) return;
    this.update(id, { previewing: true });
    let patch: Partial<Item> = { previewing: false, drawFailed: true };
    try {
      const image = await readBase64(item.file);
      const reply = await runTool('image-converter', { image, from: item.format ?? 'png', to: 'png' });
      if (reply.status === 200) patch = { previewing: false, previewUrl: URL.createObjectURL(base64Blob(reply.body.image, 'png')) };
    } catch {
      // Too large or unreadable: the conversion itself reports why.
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

  clear(): void {
    this.#stop();
    this.items.forEach(release);
    this.items = [];
  }

  /** Saves every converted file in one ZIP (stored: images are compressed already). */
  async downloadZip(): Promise<void> {
    const ready = this.converted;
    const to = this.#settings().to;
    const names = ready.map((item) => this.names.get(item.id)!);
    const buffers = await Promise.all(ready.map((item) => item.result!.blob.arrayBuffer()));
    const entries: Record<string, Uint8Array> = {};
    names.forEach((name, i) => (entries[name] = new Uint8Array(buffers[i]!)));
    // TIFF and GIF may shrink a bit when deflated; the others not at all.
    const zip = zipSync(entries, { level: to === 'tiff' ? 6 : 0 });
    saveBlob(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), `converted-${to === 'jpeg' ? 'jpg' : to}.zip`);
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
    void this.#convertAll(loop, this.#settings());
  }

  async #convertAll(loop: Loop, settings: Settings): Promise<void> {
    const { to } = settings;
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
        const body = { image, from: item.format ?? 'png', ...settingsBody(settings) };
        const reply = await runTool('image-converter', body, { signal });
        if (reply.status === 200) {
          // The output's format echoes `to`.
          const { image: converted, width, height, size_bytes } = reply.body;
          const blob = base64Blob(converted, to);
          const result = { url: URL.createObjectURL(blob), blob, name: outputName(item.file.name, to), format: to, width, height, size: size_bytes };
          patch = { status: 'done', key: loop.key, error: undefined, result };
        } else {
          patch = { status: 'error', key: loop.key, error: reply.body.error ?? 'The image could not be converted.', result: undefined };
        }
      } catch (error) {
        if (signal.aborted) return;
        patch = { status: 'error', key: loop.key, error: error instanceof Error ? error.message : String(error), result: undefined };
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
  if (item.result) URL.revokeObjectURL(item.result.url);
}
