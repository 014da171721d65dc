// The Base64 tool's additions against independent references: Node's Buffer for hex and Base64,
// undici's fetch (the WHATWG data: URL processor) for data: URLs, libmagic (`file --mime-type`,
// recorded below) and sharp's reading of the image fixtures for the sniffer.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { nodeContext } from '../../platform/node-context';
import { prng } from '../../../tests/support/prng';
import { dataUrlPrefix } from './data-url';
import { toHex } from '../../lib/hex';
import { parseHex } from './hex';
import { sniffBytes } from './sniff';
import tool from './tool';

const call = async (body: Record<string, unknown>) => {
  const reply = await invoke(tool, body, nodeContext);
  return reply as { status: number; body: Record<string, unknown> };
};

function randomBytes(random: () => number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

describe('hex data format', () => {
  it('encodes random bytes as Buffer does, in both alphabets, padded or not', async () => {
    const random = prng(15);
    for (let length = 0; length < 70; length++) {
      const bytes = randomBytes(random, length);
      const hex = Buffer.from(bytes).toString('hex');
      const input = random() < 0.5 ? hex.toUpperCase() : hex;
      if (length === 0) continue; // `input` must not be empty
      const standard = await call({ input, data_format: 'hex' });
      expect(standard.body).toEqual({
        output: Buffer.from(bytes).toString('base64'),
        valid: true,
        encoding: 'standard',
        byte_length: length,
      });
      const url = await call({ input, data_format: 'hex', charset: 'url-safe', padding: false });
      expect(url.body.output).toBe(Buffer.from(bytes).toString('base64url'));
    }
  });

  it('decodes random Base64 to the hex Buffer gives', async () => {
    const random = prng(16);
    for (let length = 1; length < 70; length++) {
      const bytes = Buffer.from(randomBytes(random, length));
      const reply = await call({ input: bytes.toString('base64'), mode: 'decode', data_format: 'hex' });
      expect(reply.body.output).toBe(bytes.toString('hex'));
      expect(reply.body.byte_length).toBe(length);
      // is_utf8 describes the bytes: the same answer as the text format gives.
      const text = await call({ input: bytes.toString('base64'), mode: 'decode' });
      expect(reply.body.is_utf8).toBe(text.body.is_utf8);
    }
  });

  it('reads the layouts people paste', () => {
    const expected = Buffer.from('deadbeef00ff', 'hex');
    for (const text of [
      'deadbeef00ff',
      'DE AD BE EF 00 FF',
      '0xdeadbeef00ff',
      '0xde 0xad 0xbe 0xef 0x00 0xff',
      'dead\nbeef\r\n00ff\n',
      '  d e a d b e e f 0 0 f f  ',
    ]) {
      expect(Buffer.from(parseHex(text)).equals(expected), text).toBe(true);
    }
    expect(parseHex('  ')).toEqual(new Uint8Array(0));
  });

  it('refuses what is not hex, by position in characters', () => {
    expect(() => parseHex('👋 zz')).toThrow("'input' is not hex: '👋' at position 1.");
    expect(() => parseHex('ab 0xg1')).toThrow("'input' has a '0x' at position 4 with no hex digits after it.");
    expect(() => parseHex('a0x1')).toThrow("'x' at position 3");
    expect(() => parseHex('abc de')).toThrow('odd number of hex digits (5)');
  });

  it('writes lowercase hex of every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(toHex(all)).toBe(Buffer.from(all).toString('hex'));
  });
});

describe('data: URL prefix', () => {
  const urls = [
    'data:image/png;base64,iVBORw0KGgo=',
    'data:;base64,aGk=',
    'data:;charset=utf-8;base64,aGk=',
    'data:Text/HTML ; Charset=UTF-8 ;base64,aGk=',
    'data:text/plain;charset=utf-8;BASE64,aGk=',
    'data:foo;base64,aGk=',
    'data:image/svg+xml;base64,PHN2Zy8+',
    'data:application/octet-stream;name=a.bin;base64,/w==',
    'data:text/plain;x;base64,aGk=',
    'data:image/png ;base64,iVBORw0KGgo=',
    'data:a/b/c;base64,aGk=',
    'data:application/json;base64,eyJhIjoxfQ==',
  ];
  it.each(urls)('%s: the type and bytes fetch gives', async (url) => {
    const response = await fetch(url);
    const reply = await call({ input: url, mode: 'decode', data_format: 'hex' });
    expect(reply.body.mime).toBe(response.headers.get('content-type'));
    expect(reply.body.output).toBe(Buffer.from(await response.arrayBuffer()).toString('hex'));
  });

  it('is only a prefix: no mime without one, and none in encode mode', async () => {
    expect((await call({ input: 'aGk=', mode: 'decode' })).body.mime).toBeUndefined();
    expect((await call({ input: 'data:;base64,aGk=' })).body.mime).toBeUndefined();
    expect(dataUrlPrefix('aGk=')).toBeUndefined();
    expect(dataUrlPrefix('data:text/plain')).toEqual({ ok: false, error: expect.stringMatching(/no ','/) });
  });

  it('keeps error positions in the input as sent, past astral characters in the prefix', async () => {
    const reply = await call({ input: 'data:text/plain;x=👋;base64,aG!k', mode: 'decode' });
    expect(reply.body.error).toMatch(/'!' at position 30/);
  });
});

describe('sniffBytes', () => {
  const read = (path: string) =>
    new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/${path}`, import.meta.url)));
  // `file -b --mime-type` of each fixture (libmagic 5), except where noted.
  const files: Record<string, [mime: string, extension: string]> = {
    'archive.tar': ['application/x-tar', 'tar'],
    'archive.zip': ['application/zip', 'zip'],
    'data.json': ['application/json', 'json'],
    'document.pdf': ['application/pdf', 'pdf'],
    'idle.ico': ['image/vnd.microsoft.icon', 'ico'],
    'module.wasm': ['application/wasm', 'wasm'],
    'note.txt': ['text/plain', 'txt'],
    'note.txt.bz2': ['application/x-bzip2', 'bz2'],
    'note.txt.gz': ['application/gzip', 'gz'],
    'note.txt.xz': ['application/x-xz', 'xz'],
    'note.txt.zst': ['application/zstd', 'zst'],
    'page.html': ['text/html', 'html'],
    'python.bmp': ['image/bmp', 'bmp'],
  };
  it.each(Object.entries(files))('files/%s', (name, [mime, extension]) => {
    const sniffed = sniffBytes(read(`files/${name}`));
    expect([sniffed.mime, sniffed.extension]).toEqual([mime, extension]);
  });

  it('knows every kind of file in the fixtures folder', () => {
    expect(
      readdirSync(new URL('../../../tests/fixtures/files', import.meta.url))
        .filter((name) => name !== 'README.md')
        .sort(),
    ).toEqual(Object.keys(files).sort());
  });

  // A .svgz is, to this page, the gzip file it is (sniffed as .gz), not an image sharp names.
  const images = readdirSync(new URL('../../../tests/fixtures/images', import.meta.url)).filter(
    (name) => /^(quadrants|alpha|animated|exif-1|cmyk)\.\w+$/.test(name) && !name.endsWith('.svgz'),
  );
  it.each(images)('images/%s', async (name) => {
    const sharp = (await import('sharp')).default;
    const bytes = read(`images/${name}`);
    const { format } = await sharp(bytes).metadata();
    const sniffed = sniffBytes(bytes);
    // sharp says "heif" for both HEIF codings (AVIF's AV1, HEIC's HEVC) and "jpeg"/"png"… otherwise.
    const heif = name.endsWith('.heic') ? 'heic' : 'avif';
    expect(sniffed.extension.replace(/^jpg$/, 'jpeg')).toBe(format === 'heif' ? heif : format);
    // Shown as a picture only where a browser draws it: not TIFF, not HEIC (Safari alone).
    expect(sniffed.image).toBe(format !== 'tiff' && heif !== 'heic');
  });

  it('tells text from binary without reading more than the head', () => {
    expect(sniffBytes(new TextEncoder().encode('plain words')).mime).toBe('text/plain');
    expect(sniffBytes(new TextEncoder().encode('{"not json"')).mime).toBe('text/plain');
    expect(sniffBytes(new TextEncoder().encode('<?xml version="1.0"?><a/>')).mime).toBe('application/xml');
    expect(sniffBytes(Uint8Array.of(0xff, 0xfe, 0x00))).toMatchObject({
      mime: 'application/octet-stream',
      extension: 'bin',
      text: false,
    });
    expect(sniffBytes(Uint8Array.of(0x41, 0x00, 0x42)).text).toBe(false);
    expect(sniffBytes(new Uint8Array(0)).name).toBe('empty');
    // 4096 bytes cut in the middle of "é" at the head's end is still text.
    const long = new TextEncoder().encode('a'.repeat(4095) + 'é'.repeat(10));
    expect(sniffBytes(long).text).toBe(true);
    // A truncated PNG signature is not a PNG; "BM" text is not a BMP.
    expect(sniffBytes(Uint8Array.of(0x89, 0x50, 0x4e)).mime).toBe('application/octet-stream');
    expect(sniffBytes(new TextEncoder().encode('BMW owners club')).mime).toBe('text/plain');
  });
});
