// The page's tool worker: runs the same core as the Node server and the service worker. Each
// tool's code is loaded on first use, so a page only pays for its own tool.
/// <reference lib="webworker" />
import { failed, invoke, notFound, type Reply } from '../core/invoke';
import { lazySegmentation } from '../platform/segmentation';
import { lazyPlatform } from '../platform/types';
import { DEVICE_MAX_INPUT_BYTES } from '../lib/images/limits';
import { doorContext, type ToolContext, type ToolDefinition } from '../tools/define';
import { pageStepLoaders, toolLoaders } from '../tools/loaders';
import type { ProgressMessage, ReplyMessage, RunMessage, StepMessage } from './protocol';

const apiContext = doorContext({
  // The image tools' codecs, fetched from the app's origin on first use only, so pages of the
  // text tools never download them.
  images: lazyPlatform(async () => {
    const [{ createBrowserImages }, { ASSET_URLS }] = await Promise.all([import('../platform/browser'), import('../platform/asset-urls')]);
    return createBrowserImages(ASSET_URLS);
  }),
  // Background removal's model runtime (onnxruntime-web) and model, likewise on first use only.
  segmentation: lazySegmentation(async () => (await import('../platform/segmentation-browser')).createBrowserSegmentation()),
});

/** The page's own calls: the same platforms, with the device's image limit (docs/contract.md). */
const pageContext: ToolContext = { ...apiContext, maxImageBytes: DEVICE_MAX_INPUT_BYTES };

const loaded = new Map<string, Promise<ToolDefinition>>();

async function run({ id, slug, body, door }: RunMessage): Promise<ReplyMessage> {
  const load = Object.hasOwn(toolLoaders, slug) ? toolLoaders[slug] : undefined;
  if (!load) return { id, reply: notFound(slug) };
  let tool = loaded.get(slug);
  if (!tool) {
    tool = load().then((module) => module.default);
    loaded.set(slug, tool);
  }
  return { id, reply: await invoke(await tool, body, door === 'page' ? pageContext : apiContext) };
}

/** The page's own steps of a tool, each loaded on first use with its tool. */
async function step({ id, step: name, body }: StepMessage): Promise<ReplyMessage> {
  const report = (stage: string) => self.postMessage({ id, progress: stage } satisfies ProgressMessage);
  const [slug = '', stepName = ''] = name.split('/');
  const load = pageStepLoaders[slug];
  if (!load) return { id, reply: notFound(slug) };
  let reply: Reply;
  try {
    const run = (await load()).steps[stepName];
    if (!run) return { id, reply: notFound(name) };
    reply = { status: 200, body: await run(pageContext, body as never, report) };
  } catch (error) {
    reply = failed(slug, error);
  }
  return { id, reply };
}

self.onmessage = (event: MessageEvent<RunMessage | StepMessage>) => {
  const { data } = event;
  ('step' in data ? step(data) : run(data)).then(
    (message) => self.postMessage(message),
    () => self.postMessage({ id: event.data.id, reply: { status: 500, body: { error: 'Internal error' } } } satisfies ReplyMessage),
  );
};
