// The worker thread of the tool pool (worker-pool.ts): runs the very core that answers small
// calls on the main thread, so a call gives the same answer whichever thread runs it. Built as
// its own entry (dist-server/tool-worker.js); what it is sent and does is tool-task.ts.
import { nodeContext } from '../platform/node-context';
import { watchModelProcesses } from '../platform/segmentation-node';
import { captureConsole, createLogger, errorFields, stderrOnly } from './logger';
import { outcomeTransfers, taskPerformer, type ToolOutcome, type ToolTask } from './tool-task';
import { reportCompanion, serveTasks } from './worker-pool';

// This thread's lines (the core logs a tool's bug with console.error) are JSON on stderr: in the
// MCP stdio server, stdout is the protocol's.
const log = createLogger(stderrOnly);
captureConsole(log);

// The model runs in a process this thread starts (segmentation-node.ts): the pool kills it when
// it stops this thread (a time limit, the memory cap, a client that left), and counts its CPU
// time as the task's.
watchModelProcesses(reportCompanion);

// Heavy tools run here: this thread's context has the image codecs and the model (which loads
// on the first background removal, per thread).
// invoke() turns every throw of a tool into a reply (500 for bugs, logged on this thread's
// stderr, which Node forwards to the process's); a throw here would be a fault of invoke itself.
serveTasks<ToolTask, ToolOutcome>(
  taskPerformer(nodeContext),
  (error) => log.error('tool worker fault', errorFields(error)),
  outcomeTransfers,
);
