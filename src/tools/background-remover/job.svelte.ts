// The background remover's work on one file of the page's batch (src/ui/image-batch.svelte.ts):
// make sure the model is on this device (downloaded once, with the page's progress), then one
// request to the page's tool worker with the page's settings. Page code, hence .svelte.ts.
import type { BatchJob } from '../../ui/image-batch.svelte';
import { base64Blob, formatList, outputName, sniffFile } from '../../ui/image-files';
import { runTool } from '../../workers/bridge';
import type { OutputKind } from './schema';

/**
 * What the job needs of the page's model status (ModelStatus in model-status.svelte.ts): named
 * here rather than imported, so this module (and its unit test) does not pull in the browser's
 * model cache.
 */
export interface Model {
  readonly complete: boolean;
  readonly downloading: boolean;
  readonly percent: number;
  error: string | undefined;
  download(): Promise<boolean>;
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
export const resultName = (name: string, output: OutputKind) => outputName(name, 'png', output === 'mask' ? '-mask' : '-no-background');

/** What the results are, after "3 of 3" in the batch's summary. */
export function done({ output, background }: Settings): string {
  if (output === 'mask') return 'made into masks (grayscale)';
  return background ? `cut out on ${background}` : 'cut out (transparent background)';
}

export function removerJob(settings: () => Settings, model: Model): BatchJob<Settings> {
  return {
    settings,
    key: (current) => JSON.stringify(settingsBody(current)),
    async run({ file, image }, current, signal) {
      // A file that is no image is refused before the model (some 90 MB) is downloaded for it,
      // with the tool's own sentence (lib/images/load.ts sniffs the same 4 KiB). The batch's
      // format falls back on the file's name, so the bytes are looked at here.
      if (!(await sniffFile(file))) throw new Error(`'image' is not an image in a supported format (${formatList()}).`);
      if (!model.complete && !(await model.download())) {
        // Said on the row it was for, not a second time in the model's card.
        const reason = model.error ?? 'The model could not be downloaded.';
        model.error = undefined;
        throw new Error(reason);
      }
      if (signal.aborted) throw new Error('Cancelled');
      // The model takes seconds per image, much more on a slow or busy device: the user, not a
      // clock, decides when to give up (Remove or Clear all cancels it).
      const reply = await runTool('background-remover', { image, ...settingsBody(current) }, { signal, timeoutMs: 30 * 60_000 });
      if (reply.status !== 200) throw new Error(reply.body.error ?? 'The background could not be removed.');
      const { image: png, width, height } = reply.body;
      return { blob: base64Blob(png, 'png'), name: resultName(file.name, current.output), format: 'png', width, height };
    },
    // Read by the batch inside its own derivations: the row and the summary follow the download.
    get working() {
      return model.downloading ? `Waiting for the model (${model.percent}%)` : 'Removing background';
    },
    done,
    zipName: ({ output }) => (output === 'mask' ? 'masks.zip' : 'no-background.zip'),
    // No `preview`: an original the browser cannot draw (TIFF) is shown by its note, and its
    // cut-out, a PNG, is drawn as any other.
  };
}
