// The stdio server's shutdown (src/server/mcp-drain.ts): every request received is answered before
// the process may exit, and a call that never ends is answered with an error at the deadline.
// Run on the SDK's own Server and in-memory transport, with tools that end when the test says.
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { trackRequests } from '../../src/server/mcp-drain';

async function setUp() {
  const release: Record<string, () => void> = {};
  const server = new Server({ name: 't', version: '0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    if (name !== 'hang') await new Promise<void>((resolve) => (release[name] = resolve));
    else await new Promise(() => {}); // never ends
    return { content: [{ type: 'text', text: name }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const drain = trackRequests(serverSide);
  const received: JSONRPCMessage[] = [];
  clientSide.onmessage = (message) => void received.push(message);
  await clientSide.start();
  const call = (id: number, name: string) =>
    clientSide.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
  const cancel = (requestId: number) =>
    clientSide.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'test' } });
  return { drain, received, call, cancel, release };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('answering pending requests before exit', () => {
  it('settles at once with nothing pending', async () => {
    const { drain } = await setUp();
    expect(drain.pending()).toBe(0);
    expect(await drain.settle(10)).toEqual({ cutShort: 0 });
  });

  it('waits until every pending call is answered', async () => {
    const { drain, received, call, release } = await setUp();
    await call(1, 'a');
    await call(2, 'b');
    await tick();
    expect(drain.pending()).toBe(2);
    const settled = drain.settle(60_000);
    release.a!();
    await tick();
    expect(drain.pending()).toBe(1);
    release.b!();
    expect(await settled).toEqual({ cutShort: 0 });
    expect(received.map((m) => ('id' in m ? m.id : undefined)).sort()).toEqual([1, 2]);
    expect(received.every((m) => 'result' in m)).toBe(true);
  });

  it('stops waiting for a call its client cancelled (the SDK never answers those)', async () => {
    const { drain, received, call, cancel } = await setUp();
    await call(5, 'hang');
    await tick();
    expect(drain.pending()).toBe(1);
    await cancel(5);
    await tick();
    expect(drain.pending()).toBe(0);
    expect(await drain.settle(60_000)).toEqual({ cutShort: 0 });
    expect(received.filter((m) => 'id' in m && m.id === 5)).toEqual([]);
  });

  it('answers a call that never ends with an error at the deadline', async () => {
    const { drain, received, call, release } = await setUp();
    await call(7, 'hang');
    await call(8, 'quick');
    await tick();
    release.quick!();
    expect(await drain.settle(50)).toEqual({ cutShort: 1 });
    const late = received.find((m) => 'id' in m && m.id === 7);
    expect(late).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: expect.stringMatching(/shutting down.*0\.1 s/) },
    });
    expect(received.find((m) => 'id' in m && m.id === 8)).toMatchObject({ result: { content: [{ text: 'quick' }] } });
    expect(drain.pending()).toBe(0);
  });
});
