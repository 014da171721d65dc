// The background remover's work on one file of the page's batch (src/ui/image-batch.svelte.ts):
// the model's mask for the image, kept per image (mask-store.ts): made once, after the user's yes
// to the model's download (with its progress), by the worker's `mask` step; then the answer
// composed from it with the page's settings (`compose`), so a new background colour or the mask
// output never runs the model again. Page code, hence .svelte.ts.
import type { BatchJob } from '../../ui/image-batch.svelte';
import { base64Blob, formatList, outputName, sniffFile } from '../../ui/image-files';
import { headerSize, workLimitMs } from '../../ui/work-limit';
import { runStep } from '../../workers/bridge';
import { MaskStore } from './mask-store';
import type { OutputKind } from './schema';

/** The User Timing entry of each model run (DevTools' Performance panel shows them; tests count them). */
export const MODEL_RUN = 'background-remover: model run';

/**
 * What the job needs of the page's model status (ModelStatus in model-status.svelte.ts): named
 * here rather than imported, so this module (and its unit test) does not pull in the browser's
 * model cache.
 */
export interface Model {
  readonly complete: boolean;
  readonly downloading: boolean;
  readonly percent: number;
  /** The page is asking whether to download it. */
  readonly asking: boolean;
  readonly needed: string;
  error: string | undefined;
  /** The model here, downloaded after the user's yes if need be; false if declined or failed. */
  ensure(): Promise<boolean>;
}

/** What the worker is doing for the file being worked on, and since when (the page's clock ticks). */
class Activity {
  stage = $state<string>();
  seconds = $state(0);
  #timer: ReturnType<typeof setInterval> | undefined;

  start(stage: string): void {
    this.stop();
    this.stage = stage;
    this.seconds = 0;
    const from = performance.now();
    this.#timer = setInterval(() => (this.seconds = Math.floor((performance.now() - from) / 1000)), 1000);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.stage = undefined;
  }
}

/** The page's settings, as the controls hold them. */
export interface Settings {
  output: OutputKind;
  /** A colour behind the cut-out, or '' for transparency (the tool's default). */
  background: string;
}

/** The request's settings fields: only what differs from the defaults (the snippet shows the same). */
export function settingsBody({ output, background }: Settings): { output?: 'mask'; background?: string } {
  if (output === 'mask') return { output };
  return background ? { background } : {};
}

/** `photo.jpg` → `photo-no-background.png` (a cut-out) or `photo-mask.png`. */
export const resultName = (name: string, output: OutputKind) =>
  outputName(name, 'png', output === 'mask' ? '-mask' : '-no-background');

/** What the results are, after "3 of 3" in the batch's summary. */
export function done({ output, background }: Settings): string {
  if (output === 'mask') return 'made into masks (grayscale)';
  return background ? `cut out on ${background}` : 'cut out (transparent background)';
}

export function removerJob(settings: () => Settings, model: Model, masks = new MaskStore()): BatchJob<Settings> {
  const activity = new Activity();

  /** The model's mask of the image: made once per image (and model), then kept. */
  async function maskOf(file: File, image: string, signal: AbortSignal): Promise<Uint8Array> {
    const kept = masks.get(file);
    if (kept) return kept;
    if (!(await model.ensure())) {
      // Said on the row it was for, not a second time in the model's card.
      const reason = model.error ?? model.needed;
      model.error = undefined;
      throw new Error(reason);
    }
    if (signal.aborted) throw new Error('Cancelled');
    activity.start('reading the image');
    const from = performance.now();
    try {
      // The model takes seconds per image, much more on a slow or busy device: the user, not a
      // clock, decides when to give up (Cancel, Remove or Clear all stops it).
      const reply = await runStep(
        'background-remover/mask',
        { image },
        { signal, timeoutMs: 30 * 60_000, onProgress: (stage) => (activity.stage = stage) },
      );
      if (reply.status !== 200)
        throw new Error(
          typeof reply.body.error === 'string' ? reply.body.error : 'The background could not be removed.',
        );
      const alpha = reply.body.alpha as Uint8Array;
      masks.set(file, alpha);
      return alpha;
    } finally {
      performance.measure(MODEL_RUN, { start: from, end: performance.now() });
      activity.stop();
    }
  }

  return {
    settings,
    key: (current) => JSON.stringify(settingsBody(current)),
    async run({ file, format, image }, current, signal) {
      // A file that is no image is refused before the model (some 90 MB) is downloaded for it,
      // with the tool's own sentence (lib/images/load.ts sniffs the same 4 KiB). The batch's
      // format falls back on the file's name, so the bytes are looked at here.
      if (!(await sniffFile(file))) throw new Error(`'image' is not an image in a supported format (${formatList()}).`);
      const alpha = await maskOf(file, image, signal);
      const size = await headerSize(file, format);
      const timeoutMs = workLimitMs({ pixelsIn: size && size.width * size.height, format: 'png' });
      const reply = await runStep(
        'background-remover/compose',
        { image, alpha, ...settingsBody(current), output: current.output },
        { signal, timeoutMs },
      );
      if (reply.status !== 200)
        throw new Error(
          typeof reply.body.error === 'string' ? reply.body.error : 'The background could not be removed.',
        );
      const { image: png, width, height } = reply.body as { image: string; width: number; height: number };
      return {
        blob: base64Blob(png, 'png'),
        name: resultName(file.name, current.output),
        format: 'png',
        width,
        height,
      };
    },
    // Read by the batch inside its own derivations: the row and the summary follow the download
    // and the model's stages, with the seconds it has taken so far.
    get working() {
      if (model.asking) return 'Waiting for your answer about the model';
      if (model.downloading) return `Downloading the model (${model.percent}%)`;
      if (activity.stage) return `Removing background (${activity.stage}, ${activity.seconds} s)`;
      return 'Removing background';
    },
    done,
    zipName: ({ output }) => (output === 'mask' ? 'masks.zip' : 'no-background.zip'),
    // No `preview`: an original the browser cannot draw (TIFF) is shown by its note, and its
    // cut-out, a PNG, is drawn as any other.
  };
}
