// MCP over Streamable HTTP at /mcp on the built server: stateless mode, CORS (docs/contract.md §1),
// methods, malformed requests and the body cap, seen as raw HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(); // the default 16 MiB body cap
});
afterAll(() => server?.stop());

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

const rpc = (body: unknown, headers: Record<string, string> = MCP_HEADERS) =>
  fetch(`${server.url}/mcp`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

describe('MCP over HTTP: POST /mcp', () => {
  it('answers initialize with JSON, CORS and no session (stateless)', async () => {
    const response = await rpc(initialize);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const body = (await response.json()) as {
      id: number;
      result: { protocolVersion: string; serverInfo: { name: string }; capabilities: Record<string, unknown> };
    };
    expect(body.id).toBe(1);
    expect(body.result.protocolVersion).toBe('2025-06-18');
    expect(body.result.serverInfo.name).toBe('devtoolbox');
    expect(body.result.capabilities.tools).toBeDefined();
  });

  it('answers a tools/call on its own, so every request may reach any instance', async () => {
    const response = await rpc(
      { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'base64', arguments: { input: 'héllo' } } },
      { ...MCP_HEADERS, 'Mcp-Protocol-Version': '2025-06-18' },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: {
        content: [{ type: 'text', text: '{"output":"aMOpbGxv","valid":true,"encoding":"standard","byte_length":6}' }],
        structuredContent: { output: 'aMOpbGxv', valid: true, encoding: 'standard', byte_length: 6 },
      },
    });
  });

  it.each([
    ['an array', [1, 2]],
    ['null', null],
    ['a string', 'input=hi'],
  ])('answers a tools/call whose arguments is %s with invalid params (-32602) and one sentence', async (got, args) => {
    const response = await rpc({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'base64', arguments: args },
    });
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: `Invalid params: 'arguments' must be a JSON object (got ${got}).` },
    });
  });

  it('answers a preflight with 204 and the CORS headers an MCP client in a browser needs', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      // A page of the server's own origin; other pages need MCP_ALLOWED_ORIGINS (origin.test.ts).
      headers: {
        Origin: new URL(server.url).origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-protocol-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'authorization', 'x-api-key', 'mcp-protocol-version']),
    );
    expect(response.headers.get('access-control-max-age')).toBe('86400');
    expect(await response.text()).toBe('');
  });

  it.each(['GET', 'DELETE', 'PUT'])(
    '%s is 405 with a JSON-RPC error (no stream, no session to end)',
    async (method) => {
      const response = await fetch(`${server.url}/mcp`, { method, headers: { Accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed.' },
        id: null,
      });
    },
  );

  it.each([['not json'], [''], ['{"jsonrpc":'], ['\u00ff']])('invalid JSON %j is a parse error', async (body) => {
    const response = await rpc(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: Invalid JSON' },
      id: null,
    });
  });

  it('JSON that is no JSON-RPC message is refused by the SDK, with CORS', async () => {
    const response = await rpc({ hello: 'world' });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });

  it('a client that does not accept JSON and event streams gets 406, with CORS', async () => {
    const response = await rpc(initialize, { 'Content-Type': 'application/json', Accept: 'text/html' });
    expect(response.status).toBe(406);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a body over the cap is a 413 the client can read', async () => {
    const big = JSON.stringify({
      ...initialize,
      params: { ...initialize.params, padding: 'x'.repeat(17 * 1024 * 1024) },
    });
    const response = await rpc(big);
    expect(response.status).toBe(413);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Request body exceeds 16 MiB' },
      id: null,
    });
  });

  it("a body under the cap but over the SDK's own 4 MiB default is answered", async () => {
    const input = 'ab'.repeat(3 * 1024 * 1024); // 6 MiB of text
    const response = await rpc({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'hash-generator', arguments: { input, algorithm: 'sha256' } },
    });
    expect(response.status).toBe(200);
    const { createHash } = await import('node:crypto');
    const body = (await response.json()) as {
      result: { structuredContent: { hash: string; input_byte_length: number } };
    };
    expect(body.result.structuredContent.hash).toBe(createHash('sha256').update(input).digest('hex'));
    expect(body.result.structuredContent.input_byte_length).toBe(6 * 1024 * 1024);
  });

  it('serves several independent clients at once', async () => {
    const clients = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const client = new Client({ name: `client-${i}`, version: '1' });
        await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
        return client;
      }),
    );
    const results = await Promise.all(
      clients.map((client, i) =>
        client.callTool({ name: 'number-base-converter', arguments: { input: String(255 + i), from_base: 10 } }),
      ),
    );
    expect(results.map((r) => (r.structuredContent as { hexadecimal: string }).hexadecimal)).toEqual([
      'FF',
      '100',
      '101',
      '102',
    ]);
    await Promise.all(clients.map((client) => client.close()));
  });
});
