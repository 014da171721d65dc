// The page's view of the background-removal model on this device: how much of it is cached,
// the download in progress (MB of total), and the actions "make available offline" and "remove".
// A download is never started without the user's yes: the first image asks once (with the size),
// and the answer is remembered on this device; a click that names the download is a yes too.
import { cachedBytes, ensureModel, removeModel, totalBytes } from '../../platform/model-cache';
import { load, save } from '../../ui/storage';
import { megabytes } from '../../platform/model';

const CONSENT_KEY = 'background-remover:model-consent';

export class ModelStatus {
  loaded = $state(0);
  total = $state(totalBytes());
  downloading = $state(false);
  error: string | undefined = $state();
  /** Known after the first look at the cache; until then the page shows nothing either way. */
  checked = $state(false);
  /** The question "download the model?" is on screen (answered by answer()). */
  asking = $state(false);
  /** The user said no to the download (the page says the tool needs the model). */
  declined = $state(false);
  #consented = load(CONSENT_KEY, false, (value): value is boolean => typeof value === 'boolean');
  #answer: ((yes: boolean) => void) | undefined;

  get complete(): boolean {
    return this.checked && this.loaded >= this.total;
  }

  /** How much of the model is here, in whole percent (for the progress texts). */
  get percent(): number {
    return this.total ? Math.floor((100 * this.loaded) / this.total) : 0;
  }

  /**
   * The model on this device for an image: at once when it is here already, else after the user's
   * yes (asked once, remembered) and the download. False when the user said no or it failed.
   */
  async ensure(): Promise<boolean> {
    if (!this.checked) await this.refresh();
    if (this.complete) return true;
    if (!this.#consented) {
      // Said no for this batch: the other files wait too, unasked (new files ask again).
      if (this.declined) return false;
      this.asking = true;
      const yes = await new Promise<boolean>((resolve) => (this.#answer = resolve));
      if (!yes) {
        this.declined = true;
        return false;
      }
    }
    return this.download();
  }

  /** The user's answer to the question ensure() asked. */
  answer(yes: boolean): void {
    if (yes) this.consent();
    this.asking = false;
    this.#answer?.(yes);
    this.#answer = undefined;
  }

  /** What a file that waited for the declined model says. */
  get needed(): string {
    return `The Background Remover needs its model (${megabytes(this.total - this.loaded)}) on this device; nothing was downloaded. Choose “Make available offline” when you want it.`;
  }

  /** A yes given by a click that names the download ("Make available offline", "Remove background"). */
  consent(): void {
    this.#consented = true;
    this.declined = false;
    save(CONSENT_KEY, true);
  }

  /** The download under way: "Make available offline" and a dropped image share it, not race. */
  #pending: Promise<boolean> | undefined;

  async refresh(): Promise<void> {
    try {
      ({ loaded: this.loaded, total: this.total } = await cachedBytes());
    } catch {
      // No Cache Storage (a private window in some browsers): the model is downloaded per use.
    }
    this.checked = true;
  }

  /** Downloads what is missing; true when the model is complete on this device. */
  download(): Promise<boolean> {
    this.#pending ??= this.#download().finally(() => (this.#pending = undefined));
    return this.#pending;
  }

  async #download(): Promise<boolean> {
    this.error = undefined;
    this.downloading = true;
    try {
      await ensureModel(({ loaded, total }) => {
        this.loaded = loaded;
        this.total = total;
      });
      this.checked = true;
      // Ask the browser not to evict 84 MB the user chose to keep (it may still say no).
      void navigator.storage?.persist?.().catch(() => undefined);
      return true;
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      await this.refresh();
      return false;
    } finally {
      this.downloading = false;
    }
  }

  async remove(): Promise<void> {
    await removeModel();
    await this.refresh();
  }
}
