// Machine-readable descriptions generated from the registry: OpenAPI 3.1 (docs/contract.md §3),
// `GET /api/<slug>` and llms.txt. Everything here is derived; nothing is written by hand twice.
// The worked examples' answers come in as data (./examples.ts): describing a tool never runs it.
import { z } from 'zod';
import type { Tag, ToolDefinition } from '../tools/define';
import { findTool, tools } from '../tools/index';
import type { ExampleBook, ExampleExchange } from './examples';
import { HEADERS, HTTP_TAGS, httpPaths, limitHeaders, RESPONSES, SCHEMAS } from './openapi-http';

/**
 * What each tag (spec §1) covers; its OpenAPI description adds the names of its tools from the
 * registry (tagDescription), so a new tool never needs an edit here.
 */
const TAG_TOPICS: Record<Tag, string> = {
  encoding: 'Encode and decode',
  formatting: 'Format and convert structured text',
  conversion: 'Convert between formats',
  validation: 'Read and check reports',
  cryptography: 'Digests and HMACs',
  datetime: 'Timestamps and dates',
  generation: 'Generate identifiers and values',
  text: 'Transform text',
};

/** "Encode and decode: JWT Decoder, Base64 Encoder / Decoder, …", in registry order. */
export const tagDescription = (tag: Tag): string =>
  `${TAG_TOPICS[tag]}: ${tools
    .filter((tool) => tool.tag === tag)
    .map((tool) => tool.name)
    .join(', ')}.`;

type JsonSchema = Record<string, unknown>;

const pascal = (slug: string) => slug.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const schemaRef = (id: string) => `#/components/schemas/${id}`;

/** The ±2^53 bounds zod emits for `.int()` say nothing to a reader; drop them (docs/stack.md). */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id') continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = tidy(value);
  }
  return out;
}

/**
 * zod puts the shapes a tool marks with `.meta({ id })` into a `__shared` schema's `$defs`; in
 * OpenAPI they are components of their own, so they move up and their references with them.
 */
function promoteShared(converted: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const { __shared: shared, ...schemas } = converted;
  const defs = (shared?.$defs ?? {}) as Record<string, JsonSchema>;
  const prefix = schemaRef('__shared#/$defs/');
  const relink = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(relink);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' && value.startsWith(prefix)
          ? schemaRef(value.slice(prefix.length))
          : relink(value),
      ]),
    );
  };
  return relink({ ...defs, ...schemas }) as Record<string, JsonSchema>;
}

interface Schemas {
  input: Record<string, JsonSchema>;
  output: Record<string, JsonSchema>;
  components: Record<string, JsonSchema>;
}

let schemas: Schemas | undefined;

/** JSON Schemas of every tool's input (`io: 'input'`: defaulted fields optional) and output. */
function allSchemas(): Schemas {
  if (schemas) return schemas;
  const convert = (io: 'input' | 'output', pick: (tool: ToolDefinition) => z.ZodType, suffix: string) => {
    const registry = z.registry<{ id: string }>();
    for (const tool of tools) registry.add(pick(tool as ToolDefinition), { id: pascal(tool.slug) + suffix });
    const result = z.toJSONSchema(registry, { io, uri: schemaRef, unrepresentable: 'any' });
    return tidy(promoteShared(result.schemas as Record<string, JsonSchema>)) as Record<string, JsonSchema>;
  };
  const input = convert('input', (tool) => tool.input, 'Input');
  const output = convert('output', (tool) => tool.output, 'Output');
  schemas = { input, output, components: { ...output, ...input, Error: ERROR_SCHEMA } };
  return schemas;
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Returned with every non-2xx status.',
  properties: {
    error: { type: 'string', description: 'One sentence: what is wrong and where.' },
    issues: {
      type: 'array',
      description: 'Schema violations, one per field (400 only).',
      items: {
        type: 'object',
        properties: {
          path: { type: 'array', items: { type: ['string', 'integer'] } },
          message: { type: 'string' },
        },
        required: ['path', 'message'],
      },
    },
  },
  required: ['error'],
};

/** The tool's self-description for `GET /api/<slug>` (docs/contract.md §1). */
export function describeTool(slug: string, examples: ExampleBook) {
  const tool = findTool(slug);
  if (!tool) return undefined;
  const { input, output, components } = allSchemas();
  const id = pascal(slug);
  return {
    slug,
    name: tool.name,
    summary: tool.summary,
    tags: [tool.tag],
    input_schema: inlineRefs(input[id + 'Input'], components),
    output_schema: inlineRefs(output[id + 'Output'], components),
    examples: examples[slug] ?? [],
  };
}

/** Standalone JSON Schema (for `GET /api/<slug>` and MCP): component refs replaced by their targets. */
export function inlineRefs(node: unknown, components: Record<string, JsonSchema>): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const ref = (value as JsonSchema).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return walk(components[ref.slice(21)]);
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, walk(v)]));
  };
  return walk(node) as JsonSchema;
}

/** Standalone input/output JSON Schemas of a tool, as MCP wants them. */
export function toolJsonSchemas(slug: string): { input: JsonSchema; output: JsonSchema } {
  const { input, output, components } = allSchemas();
  const id = pascal(slug);
  return { input: inlineRefs(input[id + 'Input'], components), output: inlineRefs(output[id + 'Output'], components) };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: schemaRef('Error') } } },
});

/**
 * The component schemas OpenAPI publishes: every shape but the tools' inputs. Those are written
 * into their operations' request bodies instead: generators such as openapi-typescript (default
 * options) make a field with a `default` required wherever it sits except in a request body or a
 * parameter, so a request schema kept as a component would force callers to send every defaulted
 * field (the first natural call of a tool with an optional field would not compile; the test is
 tests/unit/openapi-client.test.ts).
 */
function publishedComponents(): Record<string, JsonSchema> {
  const { components } = allSchemas();
  const inputs = new Set(tools.map((tool) => pascal(tool.slug) + 'Input'));
  return Object.fromEntries(Object.entries(components).filter(([id]) => !inputs.has(id)));
}

function buildOpenApi(examples: ExampleBook, base: string): Record<string, unknown> {
  const { input } = allSchemas();
  const components = publishedComponents();
  const paths: Record<string, unknown> = {};
  for (const tool of tools) {
    const id = pascal(tool.slug);
    const exchanges = examples[tool.slug] ?? [];
    const examplesOf = (list: readonly ExampleExchange[], pick: (x: ExampleExchange) => unknown) =>
      Object.fromEntries(list.map((x, i) => [`example${i + 1}`, { summary: x.summary, value: pick(x) }]));
    const successes = exchanges.filter((x) => x.response.status === 200);
    paths[`/api/${tool.slug}`] = {
      post: {
        operationId: tool.slug,
        summary: tool.name,
        description: tool.summary,
        tags: [tool.tag],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: input[id + 'Input'], examples: examplesOf(exchanges, (x) => x.request) },
          },
        },
        responses: {
          '200': {
            description: 'Success.',
            headers: limitHeaders(),
            content: {
              'application/json': {
                schema: { $ref: schemaRef(id + 'Output') },
                ...(successes.length ? { examples: examplesOf(successes, (x) => x.response.body) } : {}),
              },
            },
          },
          '400': errorResponse('Invalid input: the error names the field and the problem.'),
          '401': { $ref: '#/components/responses/Unauthorized' },
          '404': errorResponse('Tool not found.'),
          '413': { $ref: '#/components/responses/PayloadTooLarge' },
          '429': { $ref: '#/components/responses/TooManyRequests' },
          '500': errorResponse('Internal error, transient: retry with exponential back-off.'),
          '503': { $ref: '#/components/responses/ServiceUnavailable' },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Developer Toolbox API',
      version: '1.0.0',
      description:
        'JSON-in/JSON-out developer utilities. The same contract is answered by the Node server, by the service worker inside the installed app (offline) and over MCP.',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    // The paths are appended to the server's URL: `/` at the root, `/tools` under a base path.
    servers: [{ url: base === '/' ? '/' : base.slice(0, -1) }],
    tags: [
      ...[...new Set(tools.map((tool) => tool.tag))].map((name) => ({ name, description: tagDescription(name) })),
      ...HTTP_TAGS,
    ],
    paths: { ...paths, ...httpPaths() },
    components: {
      schemas: { ...components, ...SCHEMAS },
      headers: HEADERS,
      responses: RESPONSES,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Optional API key for the higher rate limit.' },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'Optional API key for the higher rate limit.',
        },
      },
    },
    // Anonymous use is allowed: the empty requirement makes the key optional.
    security: [{}, { bearer: [] }, { apiKey: [] }],
  };
}

const openApiTexts = new WeakMap<ExampleBook, Map<string, string>>();

/**
 * The OpenAPI document as served (at the base `/`, identical bytes to the build asset), made once
 * per example book and base path (`/tools/`: the app served under a prefix, docs/deploy.md). A
 * server answers under one or two bases, so only the last few are kept.
 */
export function openApiDocument(examples: ExampleBook, base = '/'): string {
  let texts = openApiTexts.get(examples);
  if (!texts) openApiTexts.set(examples, (texts = new Map()));
  let text = texts.get(base);
  if (text === undefined) {
    text = JSON.stringify(buildOpenApi(examples, base), null, 2);
    if (texts.size >= 4) texts.delete(texts.keys().next().value!);
    texts.set(base, text);
  }
  return text;
}

/** A plain-text index of the tools for language models (llmstxt.org). */
export function llmsText(base = '/'): string {
  const at = base.slice(0, -1); // '' at the root, `/tools` under a base path
  const lines = [
    '# Developer Toolbox',
    '',
    `> Developer utilities with one JSON API: POST a JSON object to ${at}/api/<tool> and get JSON back. They also run offline in the installed web app and over MCP (POST ${at}/mcp, or the stdio command).`,
    '',
    `- OpenAPI 3.1: ${at}/openapi.json`,
    `- A tool's own description with JSON Schemas and examples: GET ${at}/api/<tool>`,
    `- MCP (Model Context Protocol): Streamable HTTP at POST ${at}/mcp, or stdio with the \`devtoolbox-mcp\` command (node dist-server/mcp-stdio.js). Tool name = the slug below; arguments and results are the JSON of POST ${at}/api/<tool>.`,
    '',
    '## Tools',
    '',
  ];
  for (const tool of tools) {
    const example = JSON.stringify(tool.examples[0].input);
    lines.push(
      `- [${tool.name}](${at}/${tool.slug}): ${tool.summary} API: POST ${at}/api/${tool.slug} — example body: ${example.length > 300 ? example.slice(0, 297) + '…' : example}`,
    );
  }
  return lines.join('\n') + '\n';
}
