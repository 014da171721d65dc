// The MCP door (docs/contract.md §3) with the SDK's own client, over stdio and Streamable HTTP, against
// the built artifacts. Every answer is compared with POST /api/<slug> on the built server.
import { readFileSync } from 'node:fs';
import { ErrorCode, ListResourcesResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../src/tools/index';
import { casesBySlug } from '../contract/cases';
import { checkCase, comparable } from '../match';
import { startServer, type RunningServer } from '../support/server';
import { connectHttp, connectStdio, rest, type Connected, type Content, type TransportName } from './support';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** MIME type of image bytes as sharp (libvips, an independent decoder) reads them. */
async function sniffedMime(base64: string): Promise<string> {
  const { format } = await sharp(Buffer.from(base64, 'base64')).metadata();
  return format === 'heif' ? 'image/avif' : `image/${format}`;
}

/** Checks one MCP tool result against the REST answer for the same body. */
async function expectSameAsRest(
  result: Awaited<ReturnType<Connected['client']['callTool']>>,
  reference: { status: number; body: Record<string, unknown> },
) {
  const content = result.content as Content;
  if (reference.status === 200) {
    expect(result.isError ?? false).toBe(false);
    expect(comparable(result.structuredContent)).toEqual(comparable(reference.body));
    expect(content[0]!.type).toBe('text');
    const image = reference.body.image;
    if (typeof image === 'string') {
      // The Base64 travels once: structuredContent and the image block, not the text, whose
      // last line is every other field as JSON (for clients that ignore structuredContent).
      const { image: data, ...rest } = result.structuredContent as Record<string, unknown>;
      expect(content[1]).toEqual({ type: 'image', data, mimeType: await sniffedMime(image) });
      expect(content).toHaveLength(2);
      expect(content[0]!.text).not.toContain((data as string).slice(0, 64));
      expect(JSON.parse(content[0]!.text!.split('\n').at(-1)!)).toEqual(rest);
    } else {
      // The text content is the same object as JSON, for clients that ignore structuredContent.
      expect(JSON.parse(content[0]!.text!)).toEqual(result.structuredContent);
      expect(content).toHaveLength(1);
    }
  } else {
    expect(reference.status).toBeLessThan(500);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(content).toEqual([{ type: 'text', text: reference.body.error }]);
  }
}

/** The tools whose output schema has a Base64 image field (JSON Schema's contentMediaType). */
const imageTools = new Set(['image-converter', 'background-remover', 'image-resizer']);

/**
 * Takes the stdio file fields out of `tool`'s schemas (in place), putting back what they changed
 * (the image field required again), and names the fields it took out.
 */
function withoutFileFields(
  tool: { inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> },
  description: Record<string, unknown>,
): string[] {
  const taken: string[] = [];
  for (const [schema, reference] of [
    [tool.inputSchema, description.input_schema],
    [tool.outputSchema, description.output_schema],
  ] as const) {
    const properties = (schema?.properties ?? {}) as Record<string, unknown>;
    for (const name of Object.keys(properties)) {
      if (name === 'image_path' || name === 'output_path' || name === 'written_bytes') {
        delete properties[name];
        taken.push(name);
      }
    }
    if (schema && taken.length > 0) schema.required = (reference as { required?: string[] }).required;
  }
  return taken;
}

const connectors: Record<TransportName, () => Promise<Connected>> = {
  stdio: connectStdio,
  http: () => connectHttp(server),
};

describe.each(['stdio', 'http'] as const)('MCP over %s', (transport) => {
  let mcp: Connected;
  beforeAll(async () => {
    mcp = await connectors[transport]();
  });
  afterAll(() => mcp?.close());

  it('completes the initialize handshake with the server name, version and tools capability', () => {
    expect(mcp.client.getServerVersion()).toMatchObject({ name: pkg.name, version: pkg.version });
    expect(mcp.client.getServerCapabilities()?.tools).toBeDefined();
    expect(mcp.client.getInstructions()).toMatch(/POST \/api\/<tool>/);
    // Registry-made: every tool whose answer may not repeat is named, and only those.
    const instructions = mcp.client.getInstructions()!;
    for (const tool of tools)
      expect(instructions.includes(`${tool.slug}: `), tool.slug).toBe('nondeterministic' in tool);
    expect(instructions.includes('image_path')).toBe(transport === 'stdio');
  });

  it('answers ping', async () => {
    expect(await mcp.client.ping()).toEqual({});
  });

  it('lists every registered tool, in registry order, named by slug', async () => {
    const { tools: listed } = await mcp.client.listTools();
    expect(listed.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.slug));
    expect(listed).toHaveLength(tools.length);
  });

  it.each(tools.map((tool) => tool.slug))('describes %s exactly as GET /api/<slug> does', async (slug) => {
    const { tools: listed } = await mcp.client.listTools();
    const tool = listed.find((t) => t.name === slug)!;
    const description = (await (await fetch(`${server.url}/api/${slug}`)).json()) as Record<string, unknown>;
    // Over stdio an image tool's description adds a sentence on its file fields.
    if (transport === 'stdio' && imageTools.has(slug))
      expect(tool.description!.startsWith(`${String(description.summary)} Over this local connection`)).toBe(true);
    else expect(tool.description).toBe(description.summary);
    expect(tool.title).toBe(description.name);
    // Over stdio the image tools also take local files (mcp-files.ts); without those fields
    // the schemas are GET /api/<slug>'s. Over HTTP they never have them.
    const files = withoutFileFields(tool, description);
    if (transport === 'http') expect(files).toEqual([]);
    else expect(files.length > 0).toBe(imageTools.has(slug));
    expect(tool.inputSchema).toEqual(description.input_schema);
    expect(tool.outputSchema).toEqual(description.output_schema);
    expect(tool.annotations).toMatchObject({
      readOnlyHint: files.length === 0,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    // The schemas are self-contained (no refs into an OpenAPI document) and valid JSON Schema.
    expect(JSON.stringify(tool.inputSchema)).not.toContain('$ref');
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(tool.inputSchema);
    for (const example of description.examples as { request: unknown }[])
      expect(validate(example.request), ajv.errorsText(validate.errors)).toBe(true);
  });

  it.each(
    tools.flatMap((tool) => tool.examples.map((example) => [tool.slug, example.summary, example.input] as const)),
  )(
    'calls %s with its example "%s" and gets the REST answer',
    async (slug, _summary, input) => {
      // The SDK's own request timeout (60 s) is lifted to the hang guard's: see below.
      const [result, reference] = await Promise.all([
        mcp.client.callTool({ name: slug, arguments: input }, undefined, { timeout: 115_000 }),
        rest(server, slug, input),
      ]);
      await expectSameAsRest(result, reference);
      if (reference.status === 200) {
        // The structured result also satisfies the advertised output schema.
        const { tools: listed } = await mcp.client.listTools();
        const ajv = new Ajv2020({ strict: false });
        addFormats(ajv);
        const validate = ajv.compile(listed.find((t) => t.name === slug)!.outputSchema!);
        expect(validate(result.structuredContent), ajv.errorsText(validate.errors)).toBe(true);
      }
    },
    // A hang guard, not a speed test: the background remover's first call loads the model in
    // both processes at once (MCP's and the REST server's), which on a busy 2-core machine
    // took 34 s.
    120_000,
  );

  // Every golden vector whose body MCP can carry (tools/call arguments are always an object).
  describe.each(tools.map((tool) => tool.slug))('%s golden vectors', (slug) => {
    const cases = casesBySlug[slug]!.filter(
      (tc) => tc.body !== null && typeof tc.body === 'object' && !Array.isArray(tc.body),
    );
    it.each(cases.map((tc) => [tc.name, tc] as const))('%s', async (_name, tc) => {
      const [result, reference] = await Promise.all([
        mcp.client.callTool({ name: slug, arguments: tc.body as Record<string, unknown> }),
        rest(server, slug, tc.body),
      ]);
      await expectSameAsRest(result, reference);
      if (tc.status === 200) checkCase(tc, 200, result.structuredContent);
    });
  });

  it.each([
    ['base64', { input: 3 }],
    ['jwt-decoder', {}],
    ['hash-generator', { input: 'x', algorithm: 'md4' }],
    ['uuid-generator', { count: 0 }],
    ['number-base-converter', { input: 12, from_base: 99 }],
  ] as const)("a schema violation of %s is a tool error with REST's 400 text", async (slug, args) => {
    const [result, reference] = await Promise.all([
      mcp.client.callTool({ name: slug, arguments: args }),
      rest(server, slug, args),
    ]);
    expect(reference.status).toBe(400);
    expect(reference.body.error).toMatch(/^Invalid request: /);
    await expectSameAsRest(result, reference);
  });

  it.each([
    ['lcov-viewer', { lcov: 'not a coverage report' }],
    ['url-encoder', { input: '100%', mode: 'decode' }],
    ['image-resizer', { image: 'bm90IGFuIGltYWdl', width: 10 }],
  ] as const)("a semantic failure of %s is a tool error with REST's 400 text", async (slug, args) => {
    const [result, reference] = await Promise.all([
      mcp.client.callTool({ name: slug, arguments: args }),
      rest(server, slug, args),
    ]);
    expect(reference.status).toBe(400);
    await expectSameAsRest(result, reference);
  });

  it('a tool that reports failure inside its answer (valid:false) returns it as structured content', async () => {
    const args = { json: '{"a":1,,}' };
    const [result, reference] = await Promise.all([
      mcp.client.callTool({ name: 'json-formatter', arguments: args }),
      rest(server, 'json-formatter', args),
    ]);
    expect(reference.status).toBe(200);
    expect(result.structuredContent).toMatchObject({ valid: false, error_line: 1 });
    await expectSameAsRest(result, reference);
  });

  it('missing arguments are an empty object, as an empty REST body', async () => {
    const [result, reference] = await Promise.all([
      mcp.client.callTool({ name: 'base64' }),
      rest(server, 'base64', {}),
    ]);
    expect(reference.body.error).toBe("Invalid request: 'input' is required.");
    await expectSameAsRest(result, reference);
  });

  it('an unknown tool is a protocol error (invalid params), not a tool result', async () => {
    const call = mcp.client.callTool({ name: 'no-such-tool', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining("Tool 'no-such-tool' not found"),
    });
  });

  it('an unsupported method is "method not found"', async () => {
    await expect(mcp.client.request({ method: 'resources/list' }, ListResourcesResultSchema)).rejects.toMatchObject({
      code: ErrorCode.MethodNotFound,
    });
  });

  it('answers concurrent calls each with its own result', async () => {
    const inputs = Array.from({ length: 40 }, (_, i) => `message ${i} ${'é'.repeat(i)}`);
    const results = await Promise.all(
      inputs.map((input) => mcp.client.callTool({ name: 'hash-generator', arguments: { input, algorithm: 'sha1' } })),
    );
    const { createHash } = await import('node:crypto');
    expect(results.map((r) => (r.structuredContent as { hash: string }).hash)).toEqual(
      inputs.map((input) => createHash('sha1').update(input, 'utf8').digest('hex')),
    );
  });
});
