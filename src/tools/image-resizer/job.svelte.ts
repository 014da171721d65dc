// The resizer's work on one file of a batch (src/ui/image-batch.svelte.ts): every file gets the
// same settings (size or percentage, fit and its padding colour, resampling kernel, rotation,
// flips, format, quality); a crop belongs to one image, so a batch has none. Page code, hence .svelte.ts.
import type { BatchJob } from '../../ui/image-batch.svelte';
import { FORMAT_NAMES, base64Blob, outputName, type InputFormat } from '../../ui/image-files';
import type { RunnerBody } from '../../ui/tool-runner.svelte';
import { runTool } from '../../workers/bridge';
import { headerSize, workLimitMs } from '../../ui/work-limit';
import { percentSize, resizedBase, type Size } from './crop';
import { SAME, sameFormat, type FormatChoice } from './same-format';

type Fields = Omit<RunnerBody<'image-resizer'>, 'image' | 'cropX' | 'cropY' | 'cropWidth' | 'cropHeight' | 'format'>;

/** The settings every file of the batch is resized with. */
export interface Settings {
  /** The tool's fields (a percentage replaces width, height and fit). */
  fields: Fields;
  format: FormatChoice;
  percent?: number;
}

/** The format a file is written in: the choice, or (Same as input) its own where the tool can write it. */
export const formatFor = (choice: FormatChoice, input: InputFormat | undefined) =>
  choice === SAME ? sameFormat(input) : choice;

/** The upright size of an image the browser draws (EXIF orientation applied, as the tool reads it); none if it cannot. */
function drawnSize(file: File): Promise<Size | undefined> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise<Size | undefined>((resolve) => {
    image.onload = () =>
      resolve(
        image.naturalWidth && image.naturalHeight
          ? { width: image.naturalWidth, height: image.naturalHeight }
          : undefined,
      );
    image.onerror = () => resolve(undefined);
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * The image's upright size, for a percentage: from the browser, which reads only the header
 * before `load`; for what it cannot draw (TIFF), the tool's own reading of it (asked for a 1×1
 * PNG, so little is encoded).
 */
async function uprightSize(file: File, image: string, signal: AbortSignal): Promise<Size> {
  const drawn = await drawnSize(file);
  if (drawn) return drawn;
  const reply = await runTool('image-resizer', { image, width: 1, height: 1, format: 'png' }, { signal });
  if (reply.status !== 200) throw new Error(reply.body.error ?? 'The image could not be read.');
  return { width: reply.body.originalWidth, height: reply.body.originalHeight };
}

export function resizerJob(settings: () => Settings): BatchJob<Settings> {
  return {
    settings,
    key: (current) => JSON.stringify(current),
    async run({ file, format: input, image }, { fields, format: choice, percent }, signal) {
      const format = formatFor(choice, input);
      let size: Partial<Fields> = {};
      if (percent !== undefined) {
        // Both sides from the percentage, filled exactly (as the page does for one image).
        const scaled = percentSize(
          resizedBase(await uprightSize(file, image, signal), undefined, fields.rotate ?? 0),
          percent,
        );
        size = { width: scaled.width, height: scaled.height, fit: 'fill' };
      }
      const request = { ...fields, ...size, image, format };
      const stored = await headerSize(file, input);
      const pixelsIn = stored && stored.width * stored.height;
      // Both sides asked for: that many pixels out (a fit within them writes fewer); else about as many as in.
      const pixelsOut = request.width && request.height ? request.width * request.height : pixelsIn;
      const timeoutMs = workLimitMs({ pixelsIn, pixelsOut, format });
      const reply = await runTool('image-resizer', request, { signal, timeoutMs });
      if (reply.status !== 200) throw new Error(reply.body.error ?? 'The image could not be resized.');
      const { image: resized, width, height, notice } = reply.body;
      return {
        blob: base64Blob(resized, format),
        name: outputName(file.name, format, `-${width}x${height}`),
        format,
        width,
        height,
        ...(notice ? { notice } : {}),
      };
    },
    working: 'Resizing',
    done: ({ format }) => (format === SAME ? 'resized' : `resized to ${FORMAT_NAMES[format]}`),
    zipName: () => 'resized.zip',
    preview: pngPreview,
  };
}

/** An upright PNG of an image the browser cannot draw (TIFF), made by the resizer; undefined when it cannot read it. */
export async function pngPreview(image: string): Promise<Blob | undefined> {
  const reply = await runTool('image-resizer', { image, format: 'png' });
  return reply.status === 200 ? base64Blob(reply.body.image, 'png') : undefined;
}
