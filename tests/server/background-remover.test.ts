// The background remover through the built Node server over HTTP: the same ISNet model on
// onnxruntime-node, in the heavy-tool worker pool, read from the installed package (no network).
// The answer is checked with sharp, and must equal invoke()'s in-process answer byte for byte
// (same runtime, same model, same code: the two Node doors agree exactly). Reports the server's
// peak memory (VmHWM) while it removed a background.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/doors';
import { mcpHttp } from '../support/fault-doors';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** Pixels whose alpha is 0 and whose colour is not: what was cut away, still in the file. */
async function colourUnderClearAlpha(png: Buffer): Promise<{ clear: number; coloured: number }> {
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let clear = 0;
  let coloured = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] !== 0) continue;
    clear++;
    if (data[i] || data[i + 1] || data[i + 2]) coloured++;
  }
  return { clear, coloured };
}

/** Peak resident memory of a process so far, in MiB (Linux). */
const peakMiB = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('POST /api/background-remover on the Node server', () => {
  it('cuts a dark card out of a white wall: corners transparent, card opaque, equal to invoke()', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="220"><rect width="300" height="220" fill="#fafafa"/><rect x="90" y="50" width="120" height="120" rx="18" fill="#2a2a6e"/></svg>`;
    const body = { image: (await sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer()).toString('base64') };
    const before = peakMiB(server.process.pid!);
    const response = await fetch(`${server.url}/api/background-remover`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const peak = peakMiB(server.process.pid!);
    console.log(
      `Node server peak RSS: ${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB after removing one background`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const answer = (await response.json()) as { image: string; width: number; height: number; size_bytes: number };
    expect([answer.width, answer.height]).toEqual([300, 220]);
    const png = Buffer.from(answer.image, 'base64');
    expect(answer.size_bytes).toBe(png.length);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([300, 220, 4]);
    const alpha = (x: number, y: number) => data[(y * 300 + x) * 4 + 3];
    expect([alpha(0, 0), alpha(299, 0), alpha(0, 219), alpha(299, 219), alpha(40, 110), alpha(260, 110)]).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    expect([alpha(150, 110), alpha(100, 60), alpha(200, 160)]).toEqual([255, 255, 255]);

    // Nothing of the wall is left under the cleared alpha (most of the picture).
    expect(await colourUnderClearAlpha(png)).toEqual({ clear: expect.any(Number) as number, coloured: 0 });
    expect((await colourUnderClearAlpha(png)).clear).toBeGreaterThan(300 * 220 * 0.6);

    // The same answer from the in-process core and from MCP over HTTP (the same pool, warm).
    expect(await call('background-remover', body)).toEqual({ status: 200, body: answer });
    expect(await mcpHttp(server.url, 'background-remover', body)).toEqual({ ok: true, body: answer });
    // On a transparent background too (it keeps the cut-out's alpha).
    const transparent = await call('background-remover', { ...body, background: 'transparent' });
    expect(transparent.status).toBe(200);
    expect(
      (await colourUnderClearAlpha(Buffer.from((transparent.body as { image: string }).image, 'base64'))).coloured,
    ).toBe(0);
  }, 180_000); // two model loads and runs on a shared 2-core machine

  it('GET /api/background-remover documents the example with its real answer', async () => {
    const description = (await (await fetch(`${server.url}/api/background-remover`)).json()) as {
      examples: { response: { status: number; body: { width: number; height: number; image: string } } }[];
    };
    const [example] = description.examples;
    expect(example!.response.status).toBe(200);
    expect([example!.response.body.width, example!.response.body.height]).toEqual([48, 48]);
    const { data } = await sharp(Buffer.from(example!.response.body.image, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The example: an orange disc on white; the white corner goes, the disc's centre stays.
    expect([data[3], data[(24 * 48 + 24) * 4 + 3]]).toEqual([0, 255]);
  }, 120_000);
});
