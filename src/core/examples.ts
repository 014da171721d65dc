// Worked examples: each tool's documented requests paired with the answers the tool really gives.
// They are computed once, at build time (src/build/examples-plugin.ts), with a fixed clock and
// fixed "random" bytes so that documents are stable, and every door serves that one artefact
// (`virtual:examples`): /openapi.json, `GET /api/<slug>`, llms.txt and MCP never run a tool to
// describe it.
import type { ToolContext, ToolDefinition } from '../tools/define';
import { invoke } from './invoke';

export interface ExampleExchange {
  summary: string;
  request: Record<string, unknown>;
  response: { status: number; body: Record<string, unknown> };
}

/** Every tool's examples, by slug. */
export type ExampleBook = Readonly<Record<string, readonly ExampleExchange[]>>;

/** 2026-01-01T00:00:00Z: the clock of every worked example. */
const EXAMPLE_TIME = Date.UTC(2026, 0, 1);

/** The door's platforms with a fixed clock and fixed bytes in place of randomness. */
function exampleContext(door: ToolContext): ToolContext {
  return { ...door, now: () => EXAMPLE_TIME, randomBytes: (bytes) => bytes.map((_, i) => (i * 37 + 11) & 255) };
}

/** Runs a tool's documented examples and pairs each request with its answer. */
export function runExamples(tool: ToolDefinition, door: ToolContext): Promise<ExampleExchange[]> {
  const context = exampleContext(door);
  return Promise.all(
    tool.examples.map(async ({ summary, input }) => {
      const reply = await invoke(tool, input, context);
      return { summary, request: input, response: { status: reply.status, body: reply.body } };
    }),
  );
}

/**
 * The examples of `tools`, in registry order: taken from `committed` where a tool has them
 * (the background remover's need its model: seconds and 84 MiB), run on `door` otherwise.
 */
export async function computeExamples(
  tools: readonly ToolDefinition[],
  door: ToolContext,
  committed: Readonly<Record<string, readonly ExampleExchange[]>> = {},
): Promise<ExampleBook> {
  const entries = await Promise.all(
    tools.map(async (tool) => [tool.slug, committed[tool.slug] ?? (await runExamples(tool, door))] as const),
  );
  return Object.fromEntries(entries);
}
