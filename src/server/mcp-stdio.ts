#!/usr/bin/env node
// The MCP server over stdio (docs/contract.md §3), the `devtoolbox-mcp` command of package.json.
// Tool calls go through the same invoker as the HTTP server's (heavy tools in the worker pool,
// with its time limit), so answers equal POST /api/<slug>. stdout carries JSON-RPC only:
// anything this process reports goes to stderr.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { nodeContext } from '../platform/node-context';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { captureConsole, createLogger, stderrOnly } from './logger';
import { connectGuarded, createMcpServer } from './mcp';
import { trackRequests } from './mcp-drain';
import { localFiles } from './mcp-files';
import { createInvoker, jsonSize } from './call-placement';
import { replyingInvoker } from './pool-dispatch';
import type { ToolOutcome, ToolTask } from './tool-task';
import { WorkerPool } from './worker-pool';

// This process's own lines: JSON, like the HTTP server's, on stderr. A stray console.log (from
// this code or a library) would corrupt the protocol stream: console.* goes there too.
const log = createLogger(stderrOnly);
captureConsole(log);

let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  log.error(
    `configuration error: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

const pool = new WorkerPool<ToolTask, ToolOutcome>({
  script: resolve(dirname(fileURLToPath(import.meta.url)), 'tool-worker.js'),
  size: config.heavyWorkers,
  maxQueue: config.heavyQueue,
  taskTimeoutMs: config.toolTimeoutMs,
  maxHeapMb: config.workerMemoryMb,
  niceness: config.heavyNice,
  log: (message) => log.error(message),
});
// One local client: no per-client share. Calls that stay on this thread get the Node context too.
const invoke = replyingInvoker(
  createInvoker({
    context: nodeContext,
    pool,
    heavyTools: config.heavyTools,
    inlineBodyBytes: config.inlineBodyBytes,
    log: (message) => log.error(message),
  }),
);

// A call's size is its arguments' as JSON (a message arrives parsed): a large one runs in the pool,
// under TOOL_TIMEOUT_MS and WORKER_MEMORY_MB, as over HTTP. Local files: the largest image a
// message of MAX_BODY_BYTES could carry as Base64, so a path reaches exactly the limits an inline
// image does (then the tool's own).
const files = localFiles({ maxFileBytes: Math.floor((config.bodyLimit * 3) / 4) });
const server = createMcpServer({
  invoke: (slug, body, call) => invoke(slug, body, { signal: call?.signal, size: jsonSize(body) }),
  files,
});
// Unparseable lines and transport faults are reported, not answered (there is no id to answer).
server.onerror = (error) => log.warn(`mcp: ${error.message}`);
// One message is one line: allow what the HTTP door accepts as a body (the SDK's default,
// 10 MB, is less than a background-removal request may need).
const transport = new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: config.bodyLimit });
await connectGuarded(server, transport);
const drain = trackRequests(transport);
log.info('devtoolbox MCP server ready on stdio');

// The host closing stdin (or stopping us) ends the session, but every call already received is
// answered first: a pool call ends by TOOL_TIMEOUT_MS, so one more second is the bound for the
// rest. Idle pool workers must not keep the process alive.
const SHUTDOWN_DEADLINE_MS = config.toolTimeoutMs + 1000;
let stopping = false;
async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  const { cutShort } = await drain.settle(SHUTDOWN_DEADLINE_MS);
  if (cutShort > 0)
    log.error(
      `mcp: ${reason}; ${cutShort} call(s) still running after ${SHUTDOWN_DEADLINE_MS} ms were answered with an error`,
    );
  await Promise.allSettled([server.close(), pool.close()]);
  // Exit once stdout has taken everything written to it.
  process.stdout.write('', () => process.exit(cutShort > 0 ? 1 : 0));
}
process.stdin.once('end', () => void stop('end of input'));
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
