// The registry's `nondeterministic` (said to agents in the MCP instructions) is true to the tools:
// a tool that reads the clock or randomness while answering its own examples carries it, and a
// tool without it answers every example identically under two different clocks and random bytes.
import { describe, expect, it } from 'vitest';
import { invoke } from '../../src/core/invoke';
import { nodeContext } from '../../src/platform/node-context';
import type { ToolContext } from '../../src/tools/define';
import { tools } from '../../src/tools/index';

/** A context with its own clock and byte value that counts what the tool read. */
function spying(nowMs: number, byte: number): { context: ToolContext; reads: () => number } {
  let reads = 0;
  const context: ToolContext = {
    ...nodeContext,
    now: () => (reads++, nowMs),
    randomBytes: (bytes) => (reads++, bytes.fill(byte)),
  };
  return { context, reads: () => reads };
}

// The background remover needs the model to run (tests/server/background-remover.test.ts); it
// reads neither clock nor randomness (its run is ctx.segmentation's).
const runnable = tools.filter((tool) => !('usesModel' in tool && tool.usesModel));

describe('the registry says which tools do not repeat their answers', () => {
  it.each(runnable.map((tool) => [tool.slug, tool] as const))(
    '%s',
    async (_slug, tool) => {
      const a = spying(Date.UTC(2026, 0, 1), 0x11);
      const b = spying(Date.UTC(2031, 6, 15, 12, 30), 0xa7);
      let differ = false;
      for (const example of tool.examples) {
        const [ra, rb] = [await invoke(tool, example.input, a.context), await invoke(tool, example.input, b.context)];
        if (JSON.stringify(ra) !== JSON.stringify(rb)) differ = true;
      }
      const flagged = 'nondeterministic' in tool && typeof tool.nondeterministic === 'string';
      expect(a.reads() > 0, 'reads the clock or randomness').toBe(flagged);
      if (differ) expect(flagged).toBe(true);
    },
    60_000,
  );
});
