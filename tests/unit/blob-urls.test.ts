// A page's typed Blob becomes a blob: URL of the app's origin: typed as a document (HTML, SVG,
// XML), it renders there when opened in a tab. Pages make typed Blobs only through
// src/ui/blob-urls.ts, which lets inert types through and turns the rest into octet-stream.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_TYPE, inertType, isRasterType, typedBlob } from '../../src/ui/blob-urls';

const root = join(import.meta.dirname, '../..');
const pageCode = readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && /\.(svelte|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
  .map((entry) => relative(root, join(entry.parentPath, entry.name)));

/** `new Blob(…)` calls given a type: an untyped Blob (bytes to stream or to
 * count) is never a document, whatever its bytes. */
function typedBlobCalls(code: string): number {
  let count = 0;
  for (const match of code.matchAll(/new Blob\(/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (end < code.length && depth > 0) {
      if (code[end] === '(') depth += 1;
      else if (code[end] === ')') depth -= 1;
      end += 1;
    }
    if (/\btype\s*:/.test(code.slice(match.index, end))) count += 1;
  }
  return count;
}

describe('typed Blobs of the pages', () => {
  it('finds typed Blobs and lets untyped ones be', () => {
    expect(typedBlobCalls("new Blob([x], { type: 'text/html' })")).toBe(1);
    expect(typedBlobCalls('new Blob([f(x)], {\n  type: mime,\n})')).toBe(1);
    expect(typedBlobCalls('new Blob([bytes]).stream()')).toBe(0);
  });

  it('are made only in src/ui/blob-urls.ts', () => {
    const offenders = pageCode.filter(
      (file) => file !== 'src/ui/blob-urls.ts' && typedBlobCalls(readFileSync(join(root, file), 'utf8')) > 0,
    );
    expect(offenders).toEqual([]);
  });

  it('keep inert types and never a type a browser renders as a document', () => {
    for (const type of [
      'text/plain',
      'text/csv',
      'application/json',
      'application/zip',
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/gif',
      'image/avif',
    ])
      expect(inertType(type)).toBe(type);
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/xml',
      'text/xml',
      'application/xhtml+xml',
      'application/pdf',
      'text/javascript',
      'application/octet-stream; x=1',
      '',
    ]) {
      expect(inertType(type).startsWith(DOWNLOAD_TYPE), type).toBe(true);
    }
    expect(typedBlob(['<svg onload="alert(1)"/>'], 'image/svg+xml').type).toBe(DOWNLOAD_TYPE);
    expect(typedBlob(['<html>'], 'TEXT/HTML; charset=utf-8').type).toBe(DOWNLOAD_TYPE);
  });

  it('show only raster images as images', () => {
    expect(isRasterType('image/png')).toBe(true);
    expect(isRasterType('image/svg+xml')).toBe(false);
    expect(isRasterType('text/html')).toBe(false);
  });
});
