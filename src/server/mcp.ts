// The MCP door (docs/contract.md §3): every tool of the registry as an MCP tool, answered by the same
// invoker as `POST /api/<slug>`, so an agent gets exactly the REST answer. No per-tool code:
// names, descriptions and JSON Schemas all come from src/tools/index.ts and src/core/describe.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { name as packageName, version as packageVersion } from '../../package.json';
import { toolJsonSchemas } from '../core/describe';
import { BodyTooLargeError } from '../core/http';
import { drainBody, shed } from './body';
import { ServerBusyError } from './byte-budget';
import type { Invoker } from '../core/invoke';
import { findTool, tools } from '../tools/index';
import { imageFields } from '../lib/images/image-field';
import type { LocalFiles } from './mcp-files';
import { mcpAccessProblem, type McpAccess } from './mcp-origin';
import { toCallToolResult } from './mcp-result';

export { imageMimeType, toCallToolResult } from './mcp-result';

/** A refusal of the HTTP door's rate limiter. */
export interface Refusal {
  status: number;
  body: { error: string };
  headers: Record<string, string>;
}

export interface McpOptions {
  /**
   * Answers a tool call. Each call comes with `signal()` (its signal is aborted when the client
   * cancels the call or leaves) and `size` (bytes of the message that carried it: HTTP; 0 over
   * stdio).
   */
  invoke: Invoker;
  /**
   * Counts the tool calls of a JSON-RPC batch beyond the first against the caller's limit (the
   * HTTP request itself counted one): a batch of a hundred calls costs a hundred. A refusal
   * answers the whole batch.
   */
  admitMore?: (calls: number) => Promise<Refusal | undefined>;
  /** Which browser origins and host names may use /mcp (mcp-origin.ts); undefined: any. */
  access?: McpAccess;
}

let toolList: McpTool[] | undefined;

/** The `tools/list` answer, derived once from the registry. */
export function mcpTools(): McpTool[] {
  toolList ??= tools.map((tool) => {
    const schemas = toolJsonSchemas(tool.slug);
    return {
      name: tool.slug,
      title: tool.name,
      description: tool.summary,
      inputSchema: schemas.input as McpTool['inputSchema'],
      outputSchema: schemas.output as McpTool['outputSchema'],
      // True of every tool here: functions of their input that store nothing and fetch nothing
      // (the background remover's model is a file of the installed package), so a repeated call
      // changes nothing more: idempotent in MCP's sense, which is about effects. Whether the answer
      // repeats is another matter, the registry's `nondeterministic`, said in the instructions.
      annotations: {
        title: tool.name,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    };
  });
  return toolList;
}

/** A JSON-RPC error with a given code: the SDK sends `code` and `message` as they are. */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The server's instructions, from the registry: what the tools are, which answers do not repeat
 * (the tools' `nondeterministic`), and how images travel.
 */
export function mcpInstructions(files = false): string {
  const varying = tools.filter((tool) => tool.nondeterministic !== undefined);
  const images = tools
    .filter((tool) => imageFields(toolJsonSchemas(tool.slug).output).length > 0)
    .map((tool) => tool.slug);
  return [
    `Developer utilities: ${tools.map((tool) => tool.slug).join(', ')}. Each tool takes the same JSON object as POST /api/<tool> of the Developer Toolbox and returns the same answer (as structuredContent); nothing is stored or fetched.`,
    `The same arguments give the same answer, except: ${varying.map((tool) => `${tool.slug}: ${tool.nondeterministic}`).join(' ')}`,
    `Images (${images.join(', ')}) are Base64 in the arguments; an image answer carries its Base64 once, in structuredContent and as an image content block, with a short text summary.`,
    ...(files
      ? [
          'Over this local (stdio) connection the image tools also read a local file (`image_path`, instead of `image`) and write their result to a new file (`output_path`), so no Base64 passes through the conversation.',
        ]
      : []),
  ].join('\n');
}

/**
 * A fresh MCP server (no transport yet) exposing every tool of the registry. `files` (stdio only,
 * src/server/mcp-files.ts) adds the local file fields.
 */
export function createMcpServer({ invoke, files }: Pick<McpOptions, 'invoke'> & { files?: LocalFiles }): Server {
  const server = new Server(
    { name: packageName, title: 'Developer Toolbox', version: packageVersion },
    { capabilities: { tools: { listChanged: false } }, instructions: mcpInstructions(files !== undefined) },
  );
  const listed = files ? mcpTools().map((tool) => files.describe(tool)) : mcpTools();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    // An unknown tool is a protocol error (MCP: invalid params), not a tool result; the message is
    // REST's 404 text (McpError would prefix it, and the client prefixes it once more).
    if (!findTool(name)) throw new ProtocolError(ErrorCode.InvalidParams, `Tool '${name}' not found`);
    const call = (body: Record<string, unknown>) => invoke(name, body, { signal: () => extra.signal, size: 0 });
    const reply = files ? await files.call(name, args ?? {}, call) : await call(args ?? {});
    return toCallToolResult(reply, outputImageField(name));
  });
  return server;
}

const outputImages = new Map<string, string | undefined>();

/** The answer's one Base64 image field, from the output schema (none, or more than one: undefined). */
function outputImageField(slug: string): string | undefined {
  if (!outputImages.has(slug)) {
    const fields = imageFields(toolJsonSchemas(slug).output);
    outputImages.set(slug, fields.length === 1 ? fields[0] : undefined);
  }
  return outputImages.get(slug);
}

/**
 * Connects `server` to `transport`, answering a `tools/call` whose `arguments` is not a JSON
 * object (an array, null, a string) with JSON-RPC's invalid-params error and one sentence. The
 * SDK would refuse it too, but as an internal error carrying its raw validation dump.
 */
export async function connectGuarded(server: Server, transport: Transport): Promise<void> {
  await server.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const problem = argumentsProblem(message);
    if (problem === undefined || !('id' in message)) return deliver?.(message, extra);
    void transport.send({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InvalidParams, message: problem } });
  };
}

function argumentsProblem(message: unknown): string | undefined {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { arguments?: unknown } };
  if (method !== 'tools/call' || typeof params !== 'object' || params === null || !('arguments' in params))
    return undefined;
  const args = params.arguments;
  if (args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args))) return undefined;
  const got = args === null ? 'null' : Array.isArray(args) ? 'an array' : `a ${typeof args}`;
  return `Invalid params: 'arguments' must be a JSON object (got ${got}).`;
}

// ---- Streamable HTTP at /mcp (stateless: a server and transport per request, as the SDK advises)

const CORS = { 'Access-Control-Allow-Origin': '*' } as const;
const PREFLIGHT = {
  ...CORS,
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  // docs/contract.md §1's headers, plus the ones MCP clients send after `initialize`.
  'Access-Control-Allow-Headers':
    'Content-Type, Authorization, X-API-Key, X-Request-Id, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '86400',
} as const;

function rpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, {
    ...CORS,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Answers one HTTP request to `/mcp`. `readBody` is the door's own capped body reader, so the
 * body cap and its 413 behave as on `/api` (docs/contract.md §1).
 */
export async function handleMcp(
  req: IncomingMessage,
  res: ServerResponse,
  readBody: () => Promise<Uint8Array>,
  options: McpOptions,
): Promise<void> {
  // Headers set here are merged into whatever the transport writes later.
  for (const [key, value] of Object.entries(CORS)) res.setHeader(key, value);
  // Before anything else, preflights included: a refused page learns nothing more, and its body
  // is never read (ErrorCode.ConnectionClosed is -32000, the code the SDK gives these refusals).
  const problem =
    options.access && mcpAccessProblem(options.access, { host: req.headers.host, origin: req.headers.origin });
  if (problem) {
    drainBody(req);
    rpcError(res, 403, ErrorCode.ConnectionClosed, problem);
    return;
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(204, PREFLIGHT).end();
    return;
  }
  if (req.method !== 'POST') {
    // Stateless mode has no standalone SSE stream (GET) and no session to end (DELETE).
    rpcError(res, 405, ErrorCode.ConnectionClosed, 'Method not allowed.', { Allow: 'POST, OPTIONS' });
    return;
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBody();
  } catch (error) {
    if (error instanceof ServerBusyError) {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        error: { code: ErrorCode.InternalError, message: error.message },
        id: null,
      });
      shed(res, {
        status: 503,
        headers: { ...CORS, 'Content-Type': 'application/json', 'Retry-After': String(error.retryAfterSeconds) },
        body,
      });
      return;
    }
    if (!(error instanceof BodyTooLargeError)) throw error;
    drainBody(req);
    rpcError(res, 413, ErrorCode.InvalidRequest, error.message);
    return;
  }
  let message: unknown;
  try {
    message = JSON.parse(utf8.decode(bytes));
  } catch {
    rpcError(res, 400, ErrorCode.ParseError, 'Parse error: Invalid JSON');
    return;
  }
  const calls = Array.isArray(message)
    ? message.filter((entry) => (entry as { method?: unknown } | null)?.method === 'tools/call').length
    : 0;
  const refusal = calls > 1 ? await options.admitMore?.(calls - 1) : undefined;
  if (refusal) {
    rpcError(res, refusal.status, ErrorCode.InvalidRequest, refusal.body.error, refusal.headers);
    return;
  }
  // The client leaving aborts its calls: queued work leaves the pool, running work is stopped.
  const left = new AbortController();
  res.once('close', () => res.writableFinished || left.abort());
  const server = createMcpServer({
    invoke: (slug, body, call) =>
      options.invoke(slug, body, {
        ...call,
        signal: () => (call?.signal ? AbortSignal.any([call.signal(), left.signal]) : left.signal),
        size: bytes.length,
      }),
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await connectGuarded(server, transport);
    await transport.handleRequest(req, res, message);
  } finally {
    await transport.close();
    await server.close();
  }
}
