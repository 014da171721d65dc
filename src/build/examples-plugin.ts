// `virtual:examples`: every tool's worked examples with their answers (src/core/examples.ts),
// computed once per build on the Node codecs, which give the browser's bytes. A tool whose
// examples are costly to run keeps their answers committed beside it, in
// `src/tools/<slug>/examples.json` (`npm run examples` rewrites them; a test checks them
// against the tool): the build never runs the background-removal model.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { computeExamples, type ExampleBook, type ExampleExchange } from '../core/examples';
import { nodeImages } from '../platform/node';
import { unavailableSegmentation } from '../platform/segmentation';
import { doorContext, type ToolDefinition } from '../tools/define';
import { tools } from '../tools/index';

const MODULE_ID = 'virtual:examples';

/** Where a tool's committed example answers live, relative to the project's root. */
export const committedExamplesPath = (slug: string) => join('src', 'tools', slug, 'examples.json');

/** The committed answers of the tools that have them, refused when they no longer match the examples. */
export function readCommittedExamples(
  root: string,
  list: readonly ToolDefinition[] = tools,
): Record<string, ExampleExchange[]> {
  const committed: Record<string, ExampleExchange[]> = {};
  for (const tool of list) {
    const file = join(root, committedExamplesPath(tool.slug));
    if (!existsSync(file)) continue;
    const exchanges = JSON.parse(readFileSync(file, 'utf8')) as ExampleExchange[];
    const asked = JSON.stringify(tool.examples.map(({ summary, input }) => ({ summary, request: input })));
    if (JSON.stringify(exchanges.map(({ summary, request }) => ({ summary, request }))) !== asked) {
      throw new Error(
        `${committedExamplesPath(tool.slug)} answers other examples than the tool documents: run \`npm run examples\``,
      );
    }
    committed[tool.slug] = exchanges;
  }
  return committed;
}

const BUILD_CONTEXT = doorContext({
  images: nodeImages,
  segmentation: unavailableSegmentation('the build does not run the background-removal model'),
});

let book: Promise<ExampleBook> | undefined;

/** The example book of this build (computed once per process, whichever plugin asks first). */
export function buildExamples(root: string): Promise<ExampleBook> {
  book ??= computeExamples(tools as readonly ToolDefinition[], BUILD_CONTEXT, readCommittedExamples(root)).then(
    (examples) => {
      // A 5xx in a document would be a broken build, not an example.
      for (const [slug, exchanges] of Object.entries(examples)) {
        const failed = exchanges.find((exchange) => exchange.response.status >= 500);
        if (failed)
          throw new Error(
            `the example "${failed.summary}" of ${slug} answered ${failed.response.status}: ${JSON.stringify(failed.response.body)}`,
          );
      }
      return examples;
    },
  );
  return book;
}

export function examplesModule(): Plugin {
  let root = process.cwd();
  return {
    name: 'toolbox-examples',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === MODULE_ID ? '\0' + MODULE_ID : undefined;
    },
    async load(id) {
      if (id !== '\0' + MODULE_ID) return undefined;
      return `export default ${JSON.stringify(await buildExamples(root))};`;
    },
  };
}
