// SVG sizing (docs/contract.md: rendered at the intrinsic size: `width`/`height`, else the
// `viewBox`, else 300×150). The size is computed here, checked against the limits, and written
// into the root element, so the renderer draws exactly that canvas and never a huge one.
import { ToolInputError } from '../../tools/define';
import { checkDimensions } from './limits';
import { probe } from './probe';
import { sniffFormat } from './formats';
import { decodeBase64 } from '../base64';

/** CSS pixels per unit (96 dpi); `em`/`ex` at the 16 px default font size. */
const UNITS: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 96 / 72,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  em: 16,
  ex: 8,
};

/** An absolute length in px, or undefined for percentages, `auto` and anything unreadable. */
function length(value: string | undefined): number | undefined {
  const match =
    value === undefined ? null : /^\s*\+?(\d*\.?\d+(?:[eE][+-]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex)?\s*$/.exec(value);
  if (!match) return undefined;
  const px = Number(match[1]) * UNITS[match[2] ?? '']!;
  return px > 0 && Number.isFinite(px) ? px : undefined;
}

function viewBox(value: string | undefined): { width: number; height: number } | undefined {
  const parts = value
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (!parts || parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  const [, , width, height] = parts as [number, number, number, number];
  return width > 0 && height > 0 ? { width, height } : undefined;
}

interface RootTag {
  /** `svg`, or `prefix:svg` for a root in the SVG namespace under a prefix. */
  name: string;
  start: number;
  end: number;
  attributes: Map<string, string>;
}

/** The root `<svg …>` (or `<prefix:svg …>`) start tag: where it is and its attributes. */
function rootTag(text: string): RootTag | undefined {
  const found = /<((?:[A-Za-z_][\w.-]*:)?svg)[\s>/]/.exec(text);
  if (!found) return undefined;
  const name = found[1]!;
  const start = found.index;
  let quote = '';
  let end = start + 1 + name.length;
  for (; end < text.length; end++) {
    const c = text[end]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') break;
  }
  if (end >= text.length) return undefined;
  const attributes = new Map<string, string>();
  for (const m of text.slice(start + 1 + name.length, end).matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(m[1]!, m[2] ?? m[3] ?? '');
  }
  return { name, start, end, attributes };
}

const px = (n: number) => Math.max(1, Math.round(n));

/** The intrinsic size in whole pixels, per docs/contract.md. */
export function svgSize(text: string): { width: number; height: number } {
  const root = rootTag(text);
  if (!root) throw new ToolInputError("'image' is not a readable SVG image: the <svg> root element was not found.");
  let width = length(root.attributes.get('width'));
  let height = length(root.attributes.get('height'));
  const box = viewBox(root.attributes.get('viewBox'));
  if (box) {
    if (width === undefined && height === undefined) ({ width, height } = box);
    else if (width === undefined) width = (height! * box.width) / box.height;
    else if (height === undefined) height = (width * box.height) / box.width;
  }
  return { width: px(width ?? 300), height: px(height ?? 150) };
}

/** The document with the root's width and height set to exactly this size. */
export function withSize(text: string, width: number, height: number): string {
  const root = rootTag(text)!;
  const tag = text
    .slice(root.start + 1 + root.name.length, root.end)
    .replace(/\s(width|height)\s*=\s*("[^"]*"|'[^']*')/g, '');
  return `${text.slice(0, root.start)}<${root.name} width="${width}" height="${height}"${tag}${text.slice(root.end)}`;
}

/**
 * Raster images embedded as data: URIs are decoded by the renderer itself, so their headers
 * are held to the same limits (a tiny SVG must not smuggle in a huge canvas).
 */
export function checkEmbeddedImages(text: string): void {
  for (const m of text.matchAll(/data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=\s]{8,})/gi)) {
    // The first 48 KiB are enough for any header.
    const chars = m[1]!.replace(/[\s=]+/g, '').slice(0, 65536);
    const head = decodeBase64(chars.slice(0, chars.length % 4 === 1 ? -1 : undefined));
    if (!head.ok) continue;
    const format = sniffFormat(head.bytes);
    if (!format || format === 'svg') continue;
    try {
      const { width, height } = probe(head.bytes, format);
      checkDimensions(width, height, 'An image embedded in the SVG');
    } catch (error) {
      // An unreadable header of a partial read is the renderer's business; a size over the
      // limits is ours.
      if (error instanceof ToolInputError && /embedded/.test(error.message)) throw error;
    }
  }
}
