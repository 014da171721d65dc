// The worked examples every door serves (virtual:examples, src/core/examples.ts) are what the
// tools really answer: the build's are run again here, and the committed answers of the tools
// the build does not run (src/tools/<slug>/examples.json: the background remover's model) are
// checked against the model on onnxruntime-node.
//
// `npm run examples` (UPDATE_EXAMPLES=1) rewrites the committed files instead of checking them;
// UPDATE_EXAMPLES=<slug>,<slug> writes those tools' files, creating them.
import { existsSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { committedExamplesPath, readCommittedExamples } from '../../src/build/examples-plugin';
import { runExamples, type ExampleBook, type ExampleExchange } from '../../src/core/examples';
import { tools } from '../../src/tools/index';
import { nodeContext } from '../../src/platform/node-context';

const root = new URL('../../', import.meta.url).pathname;
const update = process.env.UPDATE_EXAMPLES;
const committed = update ? {} : readCommittedExamples(root);
// Not imported when updating: the build's book cannot be made before the files it reads exist.
const examples: ExampleBook = update ? {} : (await import('virtual:examples')).default;
const toWrite = (slug: string) =>
  update === '1' ? existsSync(root + committedExamplesPath(slug)) : (update ?? '').split(',').includes(slug);

/** A PNG's pixels, for answers that may differ in the last bit between two CPUs' float kernels. */
const pixels = async (base64: string) =>
  new Uint8Array(await sharp(Buffer.from(base64, 'base64')).ensureAlpha().raw().toBuffer());

/**
 * Equal, or equal but for the model's rounding: a PNG `image` whose channels differ by at most
 * 3/255 and whose `size_bytes` (the PNG's length) differs by at most 5%.
 */
async function expectSameAnswer(found: ExampleExchange, expected: ExampleExchange): Promise<void> {
  expect(found.response.status).toBe(expected.response.status);
  const [a, b] = [found.response.body, expected.response.body];
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  expect(Object.keys(a)).toEqual(Object.keys(b));
  for (const key of Object.keys(a)) {
    if (key === 'image' && typeof a.image === 'string' && typeof b.image === 'string') {
      const [pa, pb] = await Promise.all([pixels(a.image), pixels(b.image)]);
      expect(pa.length).toBe(pb.length);
      let worst = 0;
      for (let i = 0; i < pa.length; i++) worst = Math.max(worst, Math.abs(pa[i]! - pb[i]!));
      expect(worst, 'largest channel difference').toBeLessThanOrEqual(3);
    } else if (key === 'size_bytes') {
      expect(Math.abs(Number(a[key]) - Number(b[key])) / Number(b[key])).toBeLessThanOrEqual(0.05);
    } else {
      expect(a[key], key).toEqual(b[key]);
    }
  }
}

const checked = update ? tools.filter((tool) => toWrite(tool.slug)) : tools;

describe.each(checked.map((tool) => [tool.slug, tool] as const))('%s', (slug, tool) => {
  if (update) {
    it('writes its committed examples', async () => {
      const exchanges = await runExamples(tool, nodeContext);
      expect(exchanges.every((x) => x.response.status < 500)).toBe(true);
      writeFileSync(root + committedExamplesPath(slug), JSON.stringify(exchanges, null, 2) + '\n');
    });
    return;
  }

  it('serves an answer to each of its documented examples', () => {
    expect(examples[slug]?.map((x) => ({ summary: x.summary, request: x.request }))).toEqual(
      tool.examples.map(({ summary, input }) => ({ summary, request: input })),
    );
  });

  it(
    committed[slug] ? 'has committed answers that the model still gives' : 'serves the answers the tool gives now',
    { timeout: 120_000 },
    async () => {
      const fresh = await runExamples(tool, nodeContext);
      const served = examples[slug]!;
      for (const [i, exchange] of fresh.entries()) await expectSameAnswer(exchange, served[i]!);
    },
  );
});
