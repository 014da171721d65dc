// Which bundled DejaVu faces an SVG's text needs, and its font-family lists pointed at them.
//
// resvg-wasm consults no system font and, in the build we ship, ignores its generic-family
// options (serif, monospace… all resolve to the default family), so a family is found only by
// its exact name. The markup's font-family lists are therefore rewritten to the DejaVu family
// that stands in for them (Times/Georgia/serif → DejaVu Serif, Courier/Consolas/monospace →
// DejaVu Sans Mono, Arial/Helvetica/sans-serif → DejaVu Sans); a list naming nothing we know
// keeps its names and falls back to DejaVu Sans, the default. Only attribute values and
// <style> sheets are touched, never text content.
//
// The faces are ~250–760 KB each, so only those the markup can use are loaded: none for an SVG
// without text, a bold face only where something is bold, and so on. The scan is deliberately
// generous (a stray "bold" anywhere loads the bold faces): loading a face too many costs a few
// milliseconds, one too few draws the wrong letters.
import type { AssetName } from '../assets';

export type Family = 'sans' | 'serif' | 'mono';

/** The family names the bundled faces carry (their `name` table). */
export const FAMILY_NAMES: Record<Family, string> = {
  sans: 'DejaVu Sans',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
};

/** The bundled faces: family, bold, italic → asset. Every style DejaVu ships for the three
 * families, so bold italic text is drawn bold italic in each, as librsvg (fontconfig) draws it. */
const FACES: { family: Family; bold: boolean; italic: boolean; asset: AssetName }[] = [
  { family: 'sans', bold: false, italic: false, asset: 'font.ttf' },
  { family: 'sans', bold: true, italic: false, asset: 'font-sans-bold.ttf' },
  { family: 'sans', bold: false, italic: true, asset: 'font-sans-oblique.ttf' },
  { family: 'sans', bold: true, italic: true, asset: 'font-sans-bold-oblique.ttf' },
  { family: 'serif', bold: false, italic: false, asset: 'font-serif.ttf' },
  { family: 'serif', bold: true, italic: false, asset: 'font-serif-bold.ttf' },
  { family: 'serif', bold: false, italic: true, asset: 'font-serif-italic.ttf' },
  { family: 'serif', bold: true, italic: true, asset: 'font-serif-bold-italic.ttf' },
  { family: 'mono', bold: false, italic: false, asset: 'font-mono.ttf' },
  { family: 'mono', bold: true, italic: false, asset: 'font-mono-bold.ttf' },
  { family: 'mono', bold: false, italic: true, asset: 'font-mono-oblique.ttf' },
  { family: 'mono', bold: true, italic: true, asset: 'font-mono-bold-oblique.ttf' },
];

/** Lower-cased family names (and generic families) → the DejaVu family standing in for them. */
const ALIASES = new Map<string, Family>();
const alias = (family: Family, names: string) => names.split(',').forEach((name) => ALIASES.set(name.trim(), family));
alias(
  'serif',
  'serif, dejavu serif, times, times new roman, georgia, garamond, cambria, palatino, palatino linotype, book antiqua, baskerville, liberation serif, noto serif, bitstream vera serif, ui-serif',
);
alias(
  'mono',
  'monospace, dejavu sans mono, courier, courier new, consolas, menlo, monaco, lucida console, liberation mono, noto mono, noto sans mono, source code pro, fira mono, fira code, bitstream vera sans mono, ui-monospace',
);
alias(
  'sans',
  'sans-serif, dejavu sans, arial, helvetica, helvetica neue, verdana, tahoma, segoe ui, roboto, open sans, calibri, trebuchet ms, liberation sans, noto sans, bitstream vera sans, system-ui, ui-sans-serif, -apple-system',
);

/** The family a font-family list resolves to: its first name we know, or undefined. */
export function familyOf(list: string): Family | undefined {
  for (const raw of list.split(',')) {
    const name = raw
      .replace(/&quot;|&apos;|&#3[49];/g, '')
      .replace(/["']/g, '')
      .replace(/!important/i, '')
      .trim()
      .replace(/\s+/g, ' ')
      .toLowerCase();
    const found = ALIASES.get(name);
    if (found) return found;
  }
  return undefined;
}

/** A font-family value pointed at its DejaVu family (unchanged when it names none we know). */
function mapList(list: string): string {
  const family = familyOf(list);
  return family ? `'${FAMILY_NAMES[family]}'` : list;
}

/**
 * `font:` shorthand, which resvg ignores (librsvg and browsers do not): written out as the
 * longhands resvg reads, the family list mapped. `[style] [variant] [weight] [stretch] size[/line-height] family`;
 * a system font keyword (`font: caption`), with no size, is left as it is.
 */
function expandShorthand(value: string): string | undefined {
  const size =
    /(^|\s)([\d.]+[a-z%]*|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)(?:\s*\/\s*[\w.%]+)?\s+/i.exec(
      value,
    );
  if (!size) return undefined;
  const lead = value.slice(0, size.index).trim().toLowerCase().split(/\s+/);
  const style = lead.find((word) => word === 'italic' || word === 'oblique') ?? 'normal';
  const weight = lead.find((word) => /^(bold|bolder|lighter|[1-9]00)$/.test(word)) ?? 'normal';
  const family = mapList(value.slice(size.index + size[0].length));
  return `font-style: ${style}; font-weight: ${weight}; font-size: ${size[2]}; font-family: ${family}`;
}

/** CSS declarations (a style attribute or a sheet) with their font-family lists mapped. */
function mapCss(css: string): string {
  return css
    .replace(/(font-family\s*:\s*)([^;}]*)/gi, (_, head: string, list: string) => head + mapList(list))
    .replace(/(^|[\s;{])font\s*:\s*([^;}]*)/gi, (whole: string, lead: string, value: string) => {
      const longhands = expandShorthand(value.trim());
      return longhands ? `${lead}${longhands}${/\s$/.test(value) ? ' ' : ''}` : whole;
    });
}

/** The markup with every font-family list (attributes, style attributes, style sheets) mapped. */
export function mapFontFamilies(svg: string): string {
  // Start tags: font-family and style attributes (values in either quote, entities left as they are).
  const tags = svg.replace(/<[A-Za-z_][^<>]*>/g, (tag) =>
    tag.replace(
      /(\s)(font-family|style)(\s*=\s*)("([^"]*)"|'([^']*)')/g,
      (_, space: string, name: string, eq: string, quoted: string, dq?: string, sq?: string) => {
        const value = dq ?? sq ?? '';
        const quote = quoted[0]!;
        let mapped = name === 'style' ? mapCss(value) : mapList(value);
        // The mapped name is written in single quotes: inside a single-quoted attribute, use double.
        if (quote === "'") mapped = mapped.replace(/'/g, '"');
        return `${space}${name}${eq}${quote}${mapped}${quote}`;
      },
    ),
  );
  // Style sheets: <style>…</style>, with or without CDATA, under any prefix.
  return tags.replace(
    /(<(?:[\w.-]+:)?style\b[^>]*>)([\s\S]*?)(<\/(?:[\w.-]+:)?style\s*>)/gi,
    (_, open: string, css: string, close: string) => open + mapCss(css) + close,
  );
}

const TEXT = /<(?:[\w.-]+:)?(?:text|tspan|textPath)\b|<!ENTITY/i;
const BOLD = /\bbold(?:er)?\b|font-weight\s*[:=]\s*["']?\s*[6-9]00\b/i;
const ITALIC = /\b(?:italic|oblique)\b/i;

/** The faces `svg` (already mapped) may draw with: none without text; else DejaVu Sans and the
 * families and styles the markup names. */
export function facesFor(svg: string): AssetName[] {
  if (!TEXT.test(svg)) return [];
  const families = new Set<Family>(['sans']);
  if (svg.includes(FAMILY_NAMES.serif)) families.add('serif');
  if (svg.includes(FAMILY_NAMES.mono)) families.add('mono');
  const bold = BOLD.test(svg);
  const italic = ITALIC.test(svg);
  return FACES.filter((face) => families.has(face.family) && (bold || !face.bold) && (italic || !face.italic)).map(
    (face) => face.asset,
  );
}
