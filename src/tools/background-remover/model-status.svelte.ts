// The page's view of the background-removal model on this device: how much of it is cached,
// the download in progress (MB of total), and the actions "make available offline" and "remove".
import { cachedBytes, ensureModel, removeModel, totalBytes } from '../../platform/model-cache';

export class ModelStatus {
  loaded = $state(0);
  total = $state(totalBytes());
  downloading = $state(false);
  error: string | undefined = $state();
  /** Known after the first look at the cache; until then the page shows nothing either way. */
  checked = $state(false);

  get complete(): boolean {
    return this.checked && this.loaded >= this.total;
  }

  /** How much of the model is here, in whole percent (for the progress texts). */
  get percent(): number {
    return this.total ? Math.floor((100 * this.loaded) / this.total) : 0;
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
