// The address's shareable state, as the page's "Copy link" (CopyLink.svelte) needs it: which
// fields the link had to leave out, and a way to bring the address up to date before it is
// copied. A runner (tool-runner.svelte.ts) writes the fragment through here: at once for small
// inputs, after a pause for large ones, whose compression should not run on every keystroke.
import { setFragment, type Shared } from './fragment';

class LinkStatus {
  /** Fields the link leaves out (too long even compressed), longest first. */
  left: readonly string[] = $state([]);
  #owner: object | undefined;
  /** Counts updates and releases: a compression that finishes after a newer one is dropped. */
  #generation = 0;
  #pending: (() => void) | undefined;
  #running: Promise<void> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Writes the fragment `compute` gives, now or after `delay` ms; a later update replaces this one. */
  update(owner: object, compute: () => Promise<Shared>, delay = 0): void {
    clearTimeout(this.#timer);
    this.#owner = owner;
    const generation = ++this.#generation;
    const run = () => {
      this.#pending = undefined;
      this.#running = compute().then((shared) => {
        if (generation !== this.#generation) return;
        setFragment(shared.fragment);
        this.left = shared.left;
      });
    };
    if (delay > 0) {
      this.#pending = run;
      this.#timer = setTimeout(run, delay);
    } else {
      this.#pending = undefined;
      run();
    }
  }

  /** Writes a pending fragment now and waits for it (before the address is copied). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#pending?.();
    await this.#running;
  }

  /** The page of `owner` is gone: nothing of it may be written to the next page's address. */
  release(owner: object): void {
    if (this.#owner !== owner) return;
    clearTimeout(this.#timer);
    this.#generation++;
    this.#pending = undefined;
    this.#owner = undefined;
    this.left = [];
  }
}

export const linkStatus = new LinkStatus();
