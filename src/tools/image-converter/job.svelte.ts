// The converter's work on one file of the page's batch (src/ui/image-batch.svelte.ts): one
// request to the page's tool worker with the current settings. Page code, hence .svelte.ts.
import type { BatchJob } from '../../ui/image-batch.svelte';
import { FORMAT_NAMES, base64Blob, outputName } from '../../ui/image-files';
import { runTool } from '../../workers/bridge';
import type { Target } from './schema';

/** The settings every file is converted with. */
export interface Settings {
  to: Target;
  quality: number;
}

const LOSSY: ReadonlySet<Target> = new Set<Target>(['jpeg', 'webp', 'avif']);
/** Whether `target` has a quality setting. */
export const isLossy = (target: Target): boolean => LOSSY.has(target);

export function converterJob(settings: () => Settings): BatchJob<Settings> {
  return {
    settings,
    key: ({ to, quality }) => (isLossy(to) ? `${to}@${quality}` : to),
    async run({ file, format, image }, { to, quality }, signal) {
      const reply = await runTool('image-converter', { image, from: format ?? 'png', to, ...(isLossy(to) ? { quality } : {}) }, { signal });
      if (reply.status !== 200) throw new Error(reply.body.error ?? 'The image could not be converted.');
      // The output's format echoes `to`.
      const { image: converted, width, height } = reply.body;
      return { blob: base64Blob(converted, to), name: outputName(file.name, to), format: to, width, height };
    },
    working: 'Converting',
    done: ({ to }) => `converted to ${FORMAT_NAMES[to]}`,
    zipName: ({ to }) => `converted-${to === 'jpeg' ? 'jpg' : to}.zip`,
  };
}
