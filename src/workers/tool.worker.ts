// The page's tool worker: runs the same core as the Node server and the service worker. Each
// tool's code is loaded on first use, so a page only pays for its own tool.
/// <reference lib="webworker" />
import { invokeTool, notFound } from '../core/invoke';
import type { ToolDefinition } from '../tools/define';
import { toolLoaders } from '../tools/loaders';
import type { ReplyMessage, RunMessage } from './protocol';

const loaded = new Map<string, Promise<ToolDefinition>>();

async function run({ id, slug, body }: RunMessage): Promise<ReplyMessage> {
  const load = toolLoaders[slug as keyof typeof toolLoaders];
  if (!load) return { id, reply: notFound(slug) };
  let tool = loaded.get(slug);
  if (!tool) {
    tool = load().then((module) => module.default as ToolDefinition);
    loaded.set(slug, tool);
  }
  return { id, reply: await invokeTool(await tool, body) };
}

self.onmessage = (event: MessageEvent<RunMessage>) => {
  run(event.data).then(
    (message) => self.postMessage(message),
    () => self.postMessage({ id: event.data.id, reply: { status: 500, body: { error: 'Internal error' } } } satisfies ReplyMessage),
  );
};
