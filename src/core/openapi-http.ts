// The HTTP-level half of the OpenAPI document (docs/contract.md §3): the headers and refusals
// every door of the Node server shares (rate limit, API key, body cap, load), the discovery and
// operations endpoints, and MCP's Streamable HTTP endpoint. describe.ts adds the tools' own
// operations and refers to the shared responses declared here, so a header is described once.
import { tools } from '../tools/index';

type Json = Record<string, unknown>;

const ref = (kind: 'schemas' | 'headers' | 'responses', id: string) => ({ $ref: `#/components/${kind}/${id}` });
const int = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
const text = (description: string, example: string) => ({ description, schema: { type: 'string' }, example });

/** Response headers, by name (components/headers). */
export const HEADERS: Record<string, Json> = {
  RateLimit: text(
    'What remains of the policy in force for this client (IETF draft-ietf-httpapi-ratelimit-headers): `r` requests for `t` more seconds. Node server, when rate limiting is on.',
    '"anonymous";r=29;t=60',
  ),
  'RateLimit-Policy': text(
    'The policy in force: `q` requests per `w` seconds, `"anonymous"` (per client address) or `"api-key"` (per key).',
    '"anonymous";q=30;w=60',
  ),
  'RateLimit-Limit': int('Requests allowed per rolling 60 seconds.'),
  'RateLimit-Remaining': int('Requests left in the current 60 seconds.'),
  'RateLimit-Reset': int('Seconds until the oldest counted request stops counting.'),
  'Retry-After': int('Seconds to wait before trying again.'),
  'WWW-Authenticate': text(
    'The authentication scheme (RFC 6750); `error="invalid_token"` when the key presented was refused.',
    'Bearer realm="devtoolbox", error="invalid_token"',
  ),
  ETag: text(
    'Strong validator of the document: the SHA-256 of its bytes (base64url), with `-br` or `-gzip` appended for a compressed representation. Send it back in If-None-Match to get a 304 while the document is current.',
    '"n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg-br"',
  ),
  'Cache-Control': text(
    'Discovery documents: `public, no-cache` (revalidate each time; cheap with the ETag).',
    'public, no-cache',
  ),
};

/** The rate-limit headers every /api/* and /mcp answer carries on the Node server (docs/contract.md §2). */
const LIMIT_HEADERS = ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
export const limitHeaders = (): Json => Object.fromEntries(LIMIT_HEADERS.map((name) => [name, ref('headers', name)]));
const headersOf = (...names: string[]): Json => Object.fromEntries(names.map((name) => [name, ref('headers', name)]));

const errorContent = { 'application/json': { schema: ref('schemas', 'Error') } };

/** Refusals shared by every limited operation (components/responses). */
export const RESPONSES: Record<string, Json> = {
  Unauthorized: {
    description:
      'Invalid API key (Node server): a key was presented (Authorization: Bearer, or X-API-Key) and is unknown or revoked. Keys are optional; without one the anonymous limit applies.',
    headers: { ...headersOf('WWW-Authenticate'), ...limitHeaders() },
    content: errorContent,
  },
  PayloadTooLarge: {
    description: 'The request body exceeds the cap (default 16 MiB; MAX_BODY_BYTES on the Node server).',
    headers: limitHeaders(),
    content: errorContent,
  },
  TooManyRequests: {
    description:
      'Rate limit exceeded (30 requests per rolling minute per address, 300 per API key; a body counts once per started MiB), or this client already has 2 large or heavy requests in progress (Node server only); see Retry-After.',
    headers: { ...headersOf('Retry-After'), ...limitHeaders() },
    content: errorContent,
  },
  ServiceUnavailable: {
    description:
      'Busy: every worker busy and the queue full, too much data arriving at once, or the request ran out of its time limit because other work held the CPUs (Node server; see Retry-After); in the browser, the background-removal model cannot be run right now (the sentence says why).',
    headers: headersOf('Retry-After'),
    content: errorContent,
  },
  NotModified: {
    description: 'The copy named in If-None-Match is current.',
    headers: headersOf('ETag', 'Cache-Control'),
  },
  RequestTimeout: {
    description:
      'The client did not send its whole request in time (Node server: HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS); the connection is closed.',
  },
};

/** What both discovery answers say of a tool. */
const TOOL_IDENTITY: Json = {
  slug: { type: 'string', description: 'The tool’s name in URLs and MCP.' },
  name: { type: 'string', description: 'Human-readable name.' },
  summary: { type: 'string', description: 'One sentence: what the tool does.' },
  tags: { type: 'array', items: { type: 'string' }, description: 'The tool’s category.' },
};

const TOOL_SUMMARY: Json = {
  type: 'object',
  properties: {
    ...TOOL_IDENTITY,
    api: { type: 'string', description: 'Its API path (POST).' },
    page: { type: 'string', description: 'Its page in the web app.' },
  },
  required: ['slug', 'name', 'summary', 'tags', 'api', 'page'],
};

/** Schemas of the discovery answers (components/schemas). */
export const SCHEMAS: Record<string, Json> = {
  ToolList: {
    type: 'object',
    description: 'Every tool, in the registry’s order.',
    properties: { tools: { type: 'array', items: TOOL_SUMMARY, description: 'The tools.' } },
    required: ['tools'],
  },
  ToolDescription: {
    type: 'object',
    description: 'One tool with standalone JSON Schemas of its request and answer, and its worked examples.',
    properties: {
      ...TOOL_IDENTITY,
      input_schema: { type: 'object', description: 'JSON Schema (2020-12) of the request body.' },
      output_schema: { type: 'object', description: 'JSON Schema (2020-12) of the 200 answer.' },
      examples: {
        type: 'array',
        description: 'Worked examples: requests and the answers the tool gives.',
        items: {
          type: 'object',
          properties: {
            summary: { type: 'string', description: 'What the example shows.' },
            request: { type: 'object', description: 'A request body.' },
            response: {
              type: 'object',
              description: 'The answer: HTTP status and body.',
              properties: {
                status: { type: 'integer', description: 'HTTP status.' },
                body: { description: 'The JSON answer.' },
              },
              required: ['status', 'body'],
            },
          },
          required: ['request', 'response'],
        },
      },
    },
    required: ['slug', 'name', 'summary', 'tags', 'input_schema', 'output_schema', 'examples'],
  },
  Health: {
    type: 'object',
    description: 'The process answers.',
    properties: { status: { type: 'string', const: 'ok', description: 'Always `ok`.' } },
    required: ['status'],
  },
  Readiness: {
    type: 'object',
    description: 'Whether this instance can take traffic, and each dependency’s state.',
    properties: {
      status: { type: 'string', enum: ['ready', 'not ready'], description: '`ready` (200) or `not ready` (503).' },
      checks: {
        type: 'object',
        description: 'One entry per dependency: `ok`, `not configured`, or the reason it fails.',
        properties: {
          pool: {
            type: 'string',
            description: '`ok`, or why the worker pool cannot take work (not started, shutting down).',
          },
          redis: { type: 'string', description: '`ok`, `not configured`, or why the configured Redis is unreachable.' },
        },
      },
    },
    required: ['status'],
  },
  JsonRpcMessage: {
    type: 'object',
    description: 'A JSON-RPC 2.0 request, notification or answer (MCP: initialize, tools/list, tools/call, ping).',
    properties: {
      jsonrpc: { type: 'string', const: '2.0', description: 'Always `2.0`.' },
      id: { type: ['string', 'integer', 'null'], description: 'The request’s id; absent on notifications.' },
      method: { type: 'string', description: 'The MCP method.' },
      params: { type: 'object', description: 'The method’s parameters.' },
      result: { type: 'object', description: 'An answer’s result.' },
      error: {
        type: 'object',
        description: 'An answer’s error.',
        properties: {
          code: { type: 'integer', description: 'JSON-RPC error code.' },
          message: { type: 'string', description: 'One sentence.' },
        },
        required: ['code', 'message'],
      },
    },
    required: ['jsonrpc'],
  },
};

const documentOk = (description: string, content: Json): Json => ({
  description,
  headers: headersOf('ETag', 'Cache-Control'),
  content,
});
const limited = (responses: Json): Json => ({
  ...responses,
  '401': ref('responses', 'Unauthorized'),
  '429': ref('responses', 'TooManyRequests'),
});
const discovery = { tags: ['Discovery'] };
const operations = { tags: ['Operations'], security: [{}] };

/** Paths besides the tools' own: discovery (GET), operations, MCP. */
export function httpPaths(): Record<string, Json> {
  const slugs = tools.map((tool) => tool.slug);
  return {
    '/api': {
      get: {
        ...discovery,
        operationId: 'listTools',
        summary: 'List the tools',
        description: 'Every tool with its summary, API path and page. Counted by the rate limit (Node server).',
        responses: limited({
          '200': {
            ...documentOk('The list.', { 'application/json': { schema: ref('schemas', 'ToolList') } }),
            headers: { ...headersOf('ETag', 'Cache-Control'), ...limitHeaders() },
          },
          '304': ref('responses', 'NotModified'),
        }),
      },
    },
    '/api/{slug}': {
      get: {
        ...discovery,
        operationId: 'describeTool',
        summary: 'Describe one tool',
        description:
          'The tool’s standalone request and answer JSON Schemas and its worked examples (the same schemas as MCP’s). Counted by the rate limit (Node server).',
        parameters: [
          {
            name: 'slug',
            in: 'path',
            required: true,
            description: 'The tool.',
            schema: { type: 'string', enum: slugs },
          },
        ],
        responses: limited({
          '200': {
            ...documentOk('The description.', { 'application/json': { schema: ref('schemas', 'ToolDescription') } }),
            headers: { ...headersOf('ETag', 'Cache-Control'), ...limitHeaders() },
          },
          '304': ref('responses', 'NotModified'),
          '404': { description: 'Tool not found.', content: errorContent },
        }),
      },
    },
    '/openapi.json': {
      get: {
        ...discovery,
        operationId: 'openApiDocument',
        summary: 'This document',
        description: 'OpenAPI 3.1; not rate-limited.',
        security: [{}],
        responses: {
          '200': documentOk('The OpenAPI description.', {
            'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 description.' } },
          }),
          '304': ref('responses', 'NotModified'),
          '408': ref('responses', 'RequestTimeout'),
        },
      },
    },
    '/llms.txt': {
      get: {
        ...discovery,
        operationId: 'llmsText',
        summary: 'Index for language models',
        description: 'A plain-text index of the tools (llmstxt.org); not rate-limited.',
        security: [{}],
        responses: {
          '200': documentOk('The index.', { 'text/plain': { schema: { type: 'string' } } }),
          '304': ref('responses', 'NotModified'),
          '408': ref('responses', 'RequestTimeout'),
        },
      },
    },
    '/healthz': {
      get: {
        ...operations,
        operationId: 'health',
        summary: 'Liveness',
        description: 'Node server only: 200 while the process answers. Neither rate-limited nor keyed.',
        responses: {
          '200': {
            description: 'The process answers.',
            content: { 'application/json': { schema: ref('schemas', 'Health') } },
          },
          '408': ref('responses', 'RequestTimeout'),
        },
      },
    },
    '/readyz': {
      get: {
        ...operations,
        operationId: 'readiness',
        summary: 'Readiness',
        description:
          'Node server only: whether this instance can take traffic (worker pool started and not shutting down; Redis reachable when configured). Neither rate-limited nor keyed.',
        responses: {
          '200': { description: 'Ready.', content: { 'application/json': { schema: ref('schemas', 'Readiness') } } },
          '408': ref('responses', 'RequestTimeout'),
          '503': {
            description: 'Not ready: the failing check says why.',
            content: { 'application/json': { schema: ref('schemas', 'Readiness') } },
          },
        },
      },
    },
    '/metrics': {
      get: {
        ...operations,
        operationId: 'metrics',
        summary: 'Prometheus metrics',
        description: 'Node server only: metrics in the Prometheus text format.',
        responses: {
          '200': { description: 'The metrics.', content: { 'text/plain': { schema: { type: 'string' } } } },
          '408': ref('responses', 'RequestTimeout'),
        },
      },
    },
    '/mcp': {
      post: {
        tags: ['MCP'],
        operationId: 'mcp',
        summary: 'MCP over Streamable HTTP',
        description:
          'Node server only: the Model Context Protocol, stateless Streamable HTTP. Send one JSON-RPC message or a batch with `Accept: application/json, text/event-stream`; a batch pays the rate limit once per tools/call. Tool names are the slugs; arguments and results are the JSON of POST /api/<slug>.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [ref('schemas', 'JsonRpcMessage'), { type: 'array', items: ref('schemas', 'JsonRpcMessage') }],
              },
              example: {
                jsonrpc: '2.0',
                id: 1,
                method: 'tools/call',
                params: { name: 'base64', arguments: { input: 'hi' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The JSON-RPC answer (or answers, for a batch).',
            headers: limitHeaders(),
            content: {
              'application/json': {
                schema: {
                  oneOf: [ref('schemas', 'JsonRpcMessage'), { type: 'array', items: ref('schemas', 'JsonRpcMessage') }],
                },
              },
              'text/event-stream': {
                schema: { type: 'string', description: 'Server-sent events carrying JSON-RPC messages.' },
              },
            },
          },
          '202': { description: 'Notifications only: accepted, nothing to answer.', headers: limitHeaders() },
          '400': {
            description: 'Not JSON, or not JSON-RPC (a JSON-RPC error).',
            content: { 'application/json': { schema: ref('schemas', 'JsonRpcMessage') } },
          },
          '401': {
            ...RESPONSES.Unauthorized,
            content: { 'application/json': { schema: ref('schemas', 'JsonRpcMessage') } },
          },
          '413': {
            ...RESPONSES.PayloadTooLarge,
            content: { 'application/json': { schema: ref('schemas', 'JsonRpcMessage') } },
          },
          '429': {
            ...RESPONSES.TooManyRequests,
            content: { 'application/json': { schema: ref('schemas', 'JsonRpcMessage') } },
          },
          '503': {
            ...RESPONSES.ServiceUnavailable,
            content: { 'application/json': { schema: ref('schemas', 'JsonRpcMessage') } },
          },
        },
      },
    },
  };
}

/** Descriptions of the tags of the paths above. */
export const HTTP_TAGS = [
  {
    name: 'Discovery',
    description: 'Machine-readable descriptions of the API: the tool list, each tool, this document, llms.txt.',
  },
  { name: 'MCP', description: 'The Model Context Protocol over Streamable HTTP.' },
  { name: 'Operations', description: 'Health, readiness and metrics of the Node server.' },
];
