// The worker thread of the heavy-tool pool (worker-pool.ts): runs the very `invoke` of
// src/core/dispatch.ts that answers light tools on the main thread, so a heavy tool gives the
// same reply whichever thread runs it. Built as its own entry (dist-server/tool-worker.js).
import { invoke } from '../core/dispatch';
import { nodeImages } from '../platform/node';
import { nodeSegmentation } from '../platform/segmentation-node';
import { provideImages, provideSegmentation } from '../tools/define';
import { serveTasks } from './worker-pool';

// Heavy tools run here, so this thread is the door that hands them their image codecs.
provideImages(nodeImages);
provideSegmentation(nodeSegmentation); // background removal: the model loads on first use, per thread

export interface ToolTask {
  slug: string;
  body: unknown;
}

// invoke() turns every throw of a tool into a reply (500 for bugs, logged on this thread's
// stderr, which Node forwards to the process's); a throw here would be a fault of invoke itself.
serveTasks((task: ToolTask) => invoke(task.slug, task.body), (error) => console.error('tool worker fault:', error));
