// Image answers become MCP image content as well (docs/contract.md §3). The image tools are not all
// available yet, so the mapping is checked here on real images made by sharp (an independent
// encoder), through the same function the MCP server uses for every tool result.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageMimeType, toCallToolResult } from '../../src/server/mcp';

async function sample(format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif' | 'tiff'): Promise<string> {
  const image = sharp({
    create: { width: 3, height: 2, channels: 4, background: { r: 200, g: 40, b: 10, alpha: 0.5 } },
  });
  return (await image.toFormat(format).toBuffer()).toString('base64');
}

describe('image results as MCP image content', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
    ['gif', 'image/gif'],
    ['tiff', 'image/tiff'],
  ] as const)('a %s answer carries an image content of type %s', async (format, mimeType) => {
    const image = await sample(format);
    const body = { image, format, width: 3, height: 2, size_bytes: Buffer.from(image, 'base64').length };
    const result = toCallToolResult({ status: 200, body });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(body);
    // The Base64 once, in the image block; the text names the image and carries the other fields.
    const { image: _data, ...rest } = body;
    expect(result.content).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(
          new RegExp(
            `^${mimeType === 'image/jpeg' ? 'JPEG' : mimeType === 'image/webp' ? 'WebP' : format.toUpperCase()} 3×2, ${body.size_bytes} B: the image content of this result`,
          ),
        ),
      },
      { type: 'image', data: image, mimeType },
    ]);
    const text = (result.content[0] as { text: string }).text;
    expect(text).not.toContain(image);
    expect(JSON.parse(text.split('\n')[1]!)).toEqual(rest);
  });

  it('recognises the bytes when the answer names no format (the background remover)', async () => {
    const image = await sample('png');
    expect(toCallToolResult({ status: 200, body: { image, width: 3, height: 2, size_bytes: 1 } }).content[1]).toEqual({
      type: 'image',
      data: image,
      mimeType: 'image/png',
    });
  });

  it('keeps the whole answer as JSON text when its image cannot be shown (SVG, unknown bytes)', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    const body = { image: svg, format: 'svg', width: 1, height: 1 };
    expect(toCallToolResult({ status: 200, body }).content).toEqual([{ type: 'text', text: JSON.stringify(body) }]);
  });

  it('says where an image written to a file went, with no Base64 (stdio output_path)', () => {
    const body = {
      format: 'webp',
      width: 1155,
      height: 866,
      size_bytes: 412_345,
      output_path: '/tmp/out.webp',
      written_bytes: 412_345,
    };
    const result = toCallToolResult({ status: 200, body });
    expect(result.structuredContent).toEqual(body);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: `WebP 1155×866, 412 KB: written to /tmp/out.webp (412345 bytes).\n${JSON.stringify(body)}`,
      },
    ]);
  });

  it('trusts the bytes over a mislabelled format, and falls back to the format for unknown bytes', async () => {
    expect(imageMimeType(await sample('webp'), 'png')).toBe('image/webp');
    expect(imageMimeType('AAAAAAAAAAAA', 'jpeg')).toBe('image/jpeg');
    expect(imageMimeType('AAAAAAAAAAAA', undefined)).toBeUndefined();
  });

  it('adds no image content to other answers or to errors', () => {
    expect(toCallToolResult({ status: 200, body: { output: 'x', valid: true } }).content).toHaveLength(1);
    expect(toCallToolResult({ status: 200, body: { image: 'AAAA', note: 'no format' } }).content).toHaveLength(1);
    expect(toCallToolResult({ status: 400, body: { error: 'Input image is 3.1 MB — maximum is 3 MB.' } })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Input image is 3.1 MB — maximum is 3 MB.' }],
    });
  });
});
