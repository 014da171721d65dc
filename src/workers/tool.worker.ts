// The page's tool worker: runs the same core as the Node server and the service worker. Each
// tool's code is loaded on first use, so a page only pays for its own tool.
/// <reference lib="webworker" />
import { failed, invoke, notFound, type Reply } from '../core/invoke';
import { lazySegmentation } from '../platform/segmentation';
import { lazyPlatform } from '../platform/types';
import { DEVICE_MAX_INPUT_BYTES } from '../lib/images/limits';
import { doorContext, type ToolContext, type ToolDefinition } from '../tools/define';
import { pageStepLoaders, toolLoaders } from '../tools/loaders';
import type { RunMessage, StepMessage } from './protocol';
import { serveJobs } from './worker-serve';

const apiContext = doorContext({
  // The image tools' codecs, fetched from the app's origin on first use only, so pages of the
  // text tools never download them.
  images: lazyPlatform(async () => {
    const [{ createBrowserImages }, { ASSET_URLS }] = await Promise.all([
      import('../platform/browser'),
      import('../platform/asset-urls'),
    ]);
    return createBrowserImages(ASSET_URLS);
  }),
  // Background removal's model runtime (onnxruntime-web) and model, likewise on first use only.
  segmentation: lazySegmentation(async () =>
    (await import('../platform/segmentation-browser')).createBrowserSegmentation(),
  ),
});

/** The page's own calls: the same platforms, with the device's image limit (docs/contract.md). */
const pageContext: ToolContext = { ...apiContext, maxImageBytes: DEVICE_MAX_INPUT_BYTES };

const loaded = new Map<string, Promise<ToolDefinition>>();

async function run({ slug, body, door }: RunMessage): Promise<Reply> {
  const load = Object.hasOwn(toolLoaders, slug) ? toolLoaders[slug] : undefined;
  if (!load) return notFound(slug);
  let tool = loaded.get(slug);
  if (!tool) {
    tool = load().then((module) => module.default);
    loaded.set(slug, tool);
  }
  return invoke(await tool, body, door === 'page' ? pageContext : apiContext);
}

/** The page's own steps of a tool, each loaded on first use with its tool. */
async function step({ step: name, body }: StepMessage, report: (stage: string) => void): Promise<Reply> {
  const [slug = '', stepName = ''] = name.split('/');
  const load = pageStepLoaders[slug];
  if (!load) return notFound(slug);
  try {
    const run = (await load()).steps[stepName];
    if (!run) return notFound(name);
    return { status: 200, body: await run(pageContext, body as never, report) };
  } catch (error) {
    return failed(slug, error);
  }
}

serveJobs<RunMessage | StepMessage, Reply, string>(
  async (job, report) => ('step' in job ? step(job, report) : run(job)),
  { failed: () => ({ status: 500, body: { error: 'Internal error' } }) },
);
