// A tool by slug from the registry, then invokeTool: what the Node server, the service worker,
// MCP and the contract tests call.
import { systemContext, type ToolContext } from '../tools/define';
import { findTool } from '../tools/index';
import { invokeTool, notFound, type Reply } from './invoke';

// Not async itself: invokeTool's promise is passed on as is rather than wrapped in another one.
export function invoke(slug: string, body: unknown, context: ToolContext = systemContext): Promise<Reply> {
  const tool = findTool(slug);
  return tool ? invokeTool(tool, body, context) : Promise.resolve(notFound(slug));
}
