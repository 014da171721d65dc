// A tool call's body is checked against its tool's schema once per request, wherever the call
// runs: on the event loop, or in the worker pool after the door decided to send it there. The
// pool here performs each task with the very function the pool's threads run (tool-task.ts),
// after a structured clone as the thread boundary makes, so parses on both sides are counted.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { respond, type ApiResponse } from '../../src/core/http';
import { localInvoker } from '../../src/core/local';
import type { ExampleBook } from '../../src/core/examples';
import { nodeContext } from '../../src/platform/node-context';
import { createInvoker, createOffload, type Placement } from '../../src/server/call-placement';
import type { ToolPool } from '../../src/server/pool-dispatch';
import { taskPerformer, type ToolTask } from '../../src/server/tool-task';
import { findTool } from '../../src/tools/index';

const tool = findTool('base64')!;
const text = 'Hello, toolbox! A small request.';
// The answer, from Node's own encoder rather than the tool's.
const expected = { output: Buffer.from(text, 'utf8').toString('base64') };
const INLINE_BYTES = 1024;

function setUp(heavyTools: string[]) {
  const parse = vi.spyOn(tool.input, 'safeParse');
  const perform = taskPerformer(nodeContext);
  const tasks: ToolTask['kind'][] = [];
  const pool = {
    run: (task: ToolTask) => {
      tasks.push(task.kind);
      return perform(structuredClone(task));
    },
  } as unknown as ToolPool;
  const placement: Placement = { context: nodeContext, pool, heavyTools, inlineBodyBytes: INLINE_BYTES };
  const offload = createOffload(placement);
  const rest = (body: unknown): Promise<ApiResponse> => {
    const bytes = new TextEncoder().encode(JSON.stringify(body));
    const door = {
      invoke: localInvoker(nodeContext),
      examples: {} as ExampleBook,
      offload: (slug: string, raw: Uint8Array) => offload(slug, raw),
    };
    return respond({ method: 'POST', pathname: `/api/${tool.slug}`, body: async () => bytes }, door);
  };
  const mcp = createInvoker(placement);
  return { parse, tasks, rest, mcp };
}

const restBody = (response: ApiResponse) =>
  JSON.parse(typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body));

afterEach(() => vi.restoreAllMocks());

describe('one validation per request', () => {
  it('a light call answered on the event loop (REST and MCP)', async () => {
    const { parse, tasks, rest, mcp } = setUp([]);
    expect(restBody(await rest({ input: text }))).toMatchObject(expected);
    expect(parse).toHaveBeenCalledTimes(1);
    expect((await mcp(tool.slug, { input: text })).body).toMatchObject(expected);
    expect(parse).toHaveBeenCalledTimes(2);
    expect(tasks).toEqual([]);
  });

  it('a call of a heavy tool, checked by the door and run in the pool (REST and MCP)', async () => {
    const { parse, tasks, rest, mcp } = setUp([tool.slug]);
    expect(restBody(await rest({ input: text }))).toMatchObject(expected);
    expect(parse).toHaveBeenCalledTimes(1);
    expect((await mcp(tool.slug, { input: text })).body).toMatchObject(expected);
    expect(parse).toHaveBeenCalledTimes(2);
    expect(tasks).toHaveLength(2);
  });

  it('a large call, sent to the pool by its size (REST unread, MCP checked first)', async () => {
    const { parse, tasks, rest, mcp } = setUp([]);
    const large = 'x'.repeat(INLINE_BYTES * 2);
    const answer = { output: Buffer.from(large).toString('base64') };
    expect(restBody(await rest({ input: large }))).toMatchObject(answer);
    expect(parse).toHaveBeenCalledTimes(1);
    expect((await mcp(tool.slug, { input: large }, { size: INLINE_BYTES * 2 })).body).toMatchObject(answer);
    expect(parse).toHaveBeenCalledTimes(2);
    expect(tasks).toHaveLength(2);
  });

  it('a refused call is answered by the door without a worker', async () => {
    const { parse, tasks, rest, mcp } = setUp([tool.slug]);
    const refused = await rest({ input: 42 });
    expect(refused.status).toBe(400);
    expect(restBody(refused).error).toMatch(/input/);
    expect((await mcp(tool.slug, { input: 42 })).status).toBe(400);
    expect(tasks).toEqual([]);
    // Each refusal parses twice: once, then again for the issues' inputs (invoke.ts), as always.
    expect(parse).toHaveBeenCalledTimes(4);
  });
});
