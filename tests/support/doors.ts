// The in-process doors of the tests: the Node context (image codecs, the background-removal
// model on first use), tool calls by slug on this thread, and the API as the server answers it
// without a build (`respond`/`handle` with the build's worked examples).
import examples from 'virtual:examples';
import type { ApiDoor } from '../../src/core/http';
import { localInvoker } from '../../src/core/local';
import { nodeContext } from '../../src/platform/node-context';

export { nodeContext };

/** A tool call by slug, answered here as by every door. */
export const call = localInvoker(nodeContext);

/** The API door of the Node server without its pool: what `respond`/`handle` are tested through. */
export const apiDoor: ApiDoor = { invoke: call, examples };
