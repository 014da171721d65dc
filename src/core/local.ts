// Calls answered on this thread, tools found by slug in the registry: the invoker of the service
// worker, of the pool's threads, of the tests, and of the Node server for the calls it does not
// send to its pool.
import { findTool } from '../tools/index';
import type { ToolContext } from '../tools/define';
import { invoke, notFound, type Invoker, type Reply } from './invoke';

export function localInvoker(context: ToolContext): Invoker {
  // Not async itself: invoke's promise is passed on as is rather than wrapped in another one.
  return (slug: string, body: unknown): Promise<Reply> => {
    const tool = findTool(slug);
    return tool ? invoke(tool, body, context) : Promise.resolve(notFound(slug));
  };
}
