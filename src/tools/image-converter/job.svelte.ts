// The converter's work on one file of the page's batch (src/ui/image-batch.svelte.ts): one
// request to the page's tool worker with the current settings. Page code, hence .svelte.ts.
import type { BatchJob } from '../../ui/image-batch.svelte';
import { FORMAT_NAMES, base64Blob, outputName } from '../../ui/image-files';
import { runTool } from '../../workers/bridge';
import { headerSize, workLimitMs } from '../../ui/work-limit';
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

export function converterJob(settings: () => Settings): BatchJob<Settings> {
  return {
    settings,
    key: (current) => JSON.stringify(settingsBody(current)),
    async run({ file, format, image }, current, signal) {
      const { to } = current;
      const body = settingsBody(current);
      const size = await headerSize(file, format);
      const timeoutMs = workLimitMs({
        pixelsIn: size && size.width * size.height,
        format: to,
        lossless: 'lossless' in body,
      });
      const reply = await runTool('image-converter', { image, from: format ?? 'png', ...body }, { signal, timeoutMs });
      if (reply.status !== 200) throw new Error(reply.body.error ?? 'The image could not be converted.');
      // The output's format echoes `to`.
      const { image: converted, width, height, notice } = reply.body;
      return {
        blob: base64Blob(converted, to),
        name: outputName(file.name, to),
        format: to,
        width,
        height,
        ...(notice ? { notice } : {}),
      };
    },
    working: 'Converting',
    done: ({ to }) => `converted to ${FORMAT_NAMES[to]}`,
    zipName: ({ to }) => `converted-${to === 'jpeg' ? 'jpg' : to}.zip`,
    async preview(image, format) {
      const reply = await runTool('image-converter', { image, from: format ?? 'png', to: 'png' });
      return reply.status === 200 ? base64Blob(reply.body.image, 'png') : undefined;
    },
  };
}
