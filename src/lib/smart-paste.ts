// Smart paste: what a pasted text looks like (a JWT, JSON, a UUID, a timestamp…) and so which
// tools could open it. Detection is a handful of anchored patterns over a bounded sample, so a
// paste of megabytes costs no more than one of kilobytes: token-like kinds (JWT, UUID, colour,
// number, date) are only tried on short texts, JSON is parsed only up to PARSE_LIMIT, and the
// line-based kinds (LCOV, CSV) and character checks read the first SAMPLE characters.
// The tools say what they take (`paste` in each tool's definition); this module names no tool.
import colorNames from 'color-name';
import type { PasteKind, PasteTarget } from '../tools/paste';

/** Characters read by the line-based and character-class checks. */
export const SAMPLE = 64 * 1024;
/** JSON longer than this is judged by its brackets only. */
export const PARSE_LIMIT = 512 * 1024;
/** Token-like kinds (JWT aside) are at most this long. */
const TOKEN_LIMIT = 200;
/** A JWT with a large payload is still one line; past this, it is something else. */
const JWT_LIMIT = 16 * 1024;

export interface Detection {
  kind: PasteKind;
  /** How sure the detector is, 0–100. */
  confidence: number;
  /** A few words for the proposal ("JSON array of 3 objects"). */
  label: string;
  /** The text to hand over when it differs from the paste ("Bearer …" without "Bearer"). */
  value?: string;
  /** Fields the detector read (the CSV delimiter). */
  fields?: Record<string, unknown>;
}

const MONTHS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec';
const ISO_DATE = /^[+-]?\d{4,6}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const RFC_2822 = new RegExp(
  `^(?:(?:mon|tue|wed|thu|fri|sat|sun),?\\s+)?\\d{1,2}\\s+(?:${MONTHS})\\s+\\d{2,4}\\s+\\d{2}:\\d{2}`,
  'i',
);
const JWT = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const BEARER = /^(?:authorization:\s*)?bearer\s+/i;
const UUID = /^(?:urn:uuid:)?([{(]?)[0-9a-f]{8}(-?)[0-9a-f]{4}\2[0-9a-f]{4}\2[0-9a-f]{4}\2[0-9a-f]{12}[})]?$/i;
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const COLOR_FUNCTION = /^(rgba?|hsla?|hsva?|hsba?|hwb|lab|lch|oklab|oklch|color|cmyka?|device-cmyk)\(\s*[^()]+\)$/i;
/** Colour functions the colour converter reads; the others are still colours, less surely its. */
const READ_FUNCTIONS = /^(rgba?|hsla?|hsva?|hsba?|cmyka?|device-cmyk)$/i;
const PREFIXED = [
  { pattern: /^[+-]?0x[0-9a-f]+(?:[_ ][0-9a-f]+)*$/i, kind: 'hex-number', label: 'Hexadecimal number' },
  { pattern: /^[+-]?0b[01]+(?:[_ ][01]+)*$/i, kind: 'binary-number', label: 'Binary number' },
  { pattern: /^[+-]?0o[0-7]+(?:[_ ][0-7]+)*$/i, kind: 'octal-number', label: 'Octal number' },
] as const;
const PERCENT = /%[0-9a-f]{2}/i;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*(?:[-.][A-Za-z0-9_$]+)*$/;

/** What `text` looks like, surest first. Empty for blank text. */
export function detect(text: string): Detection[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const found: Detection[] = [];
  const add = (detection: Detection) => found.push(detection);
  const sample = trimmed.length > SAMPLE ? trimmed.slice(0, SAMPLE) : trimmed;
  const oneLine = !/[\r\n]/.test(sample);

  // A JWT, possibly as an Authorization header value.
  if (trimmed.length <= JWT_LIMIT && oneLine) {
    const token = trimmed.replace(BEARER, '');
    if (JWT.test(token))
      add({ kind: 'jwt', confidence: 98, label: 'JSON Web Token', ...(token !== trimmed ? { value: token } : {}) });
  }

  if (trimmed.length <= TOKEN_LIMIT && oneLine) short(trimmed, add);

  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  if ((first === '{' && last === '}') || (first === '[' && last === ']')) json(trimmed, add);

  if (/^(?:TN|SF):/m.test(sample) && /^(?:DA:\d|LF:\d|end_of_record)/m.test(sample))
    add({ kind: 'lcov', confidence: 97, label: 'LCOV coverage report' });

  if (PERCENT.test(sample)) {
    const spaced = /\s/.test(sample);
    add({ kind: 'percent-encoded', confidence: spaced ? 55 : 90, label: 'Percent-encoded text' });
  }
  if (oneLine && /^https?:\/\/\S+$/i.test(sample)) add({ kind: 'url', confidence: 50, label: 'URL' });

  base64(trimmed, sample, add);
  if (
    !found.some((detection) => detection.kind === 'lcov' || detection.kind === 'json' || detection.kind === 'json-rows')
  )
    csv(sample, trimmed.length > SAMPLE, add);

  add({ kind: 'text', confidence: 30, label: 'Text' });
  return found.sort((a, b) => b.confidence - a.confidence);
}

/** Kinds that are one short token: UUID, numbers, timestamps, dates, colours, identifiers. */
function short(token: string, add: (detection: Detection) => void): void {
  const uuid = UUID.exec(token);
  if (uuid) add({ kind: 'uuid', confidence: uuid[2] ? 97 : 70, label: 'UUID' });

  if (/^-?\d+(?:\.\d+)?$/.test(token)) {
    const digits = token.replace(/^-/, '').split('.')[0]!.length;
    const fraction = token.includes('.');
    if (digits === 10 || (digits === 13 && !fraction))
      add({
        kind: 'unix-time',
        confidence: 92,
        label: digits === 10 ? 'Unix time in seconds' : 'Unix time in milliseconds',
      });
    else if (digits >= 9 && digits <= 16) add({ kind: 'unix-time', confidence: 60, label: 'Unix time' });
    if (!fraction)
      add({ kind: 'decimal-number', confidence: digits >= 9 && digits <= 13 ? 55 : 80, label: 'Decimal number' });
  }
  if (ISO_DATE.test(token)) add({ kind: 'date', confidence: 95, label: 'Date' });
  else if (RFC_2822.test(token)) add({ kind: 'date', confidence: 85, label: 'Date' });

  for (const { pattern, kind, label } of PREFIXED) if (pattern.test(token)) add({ kind, confidence: 95, label });

  const lower = token.toLowerCase();
  const colorFunction = COLOR_FUNCTION.exec(token);
  if (HEX_COLOR.test(token)) add({ kind: 'color', confidence: 95, label: 'Hex colour' });
  else if (colorFunction)
    add({
      kind: 'color',
      confidence: READ_FUNCTIONS.test(colorFunction[1]!) ? 95 : 60,
      label: `${colorFunction[1]!.toLowerCase()}() colour`,
    });
  else if (Object.hasOwn(colorNames, lower) || lower === 'transparent')
    add({ kind: 'color', confidence: 75, label: 'Colour name' });
  else if (/^[0-9a-f]+$/i.test(token) && /\d/.test(token) && /[a-f]/i.test(token)) {
    // Bare hex digits with both letters and digits: a hex number, or a colour without its `#`.
    if ([3, 6, 8].includes(token.length)) add({ kind: 'color', confidence: 50, label: 'Hex colour' });
    add({ kind: 'hex-number', confidence: 45, label: 'Hexadecimal number' });
  }

  // An identifier with a case or separator boundary: camelCase, snake_case, kebab-case.
  if (
    token.length <= 64 &&
    IDENTIFIER.test(token) &&
    /[a-z][A-Z]|[A-Za-z0-9][_.-][A-Za-z0-9]/.test(token) &&
    !/^\d/.test(token)
  ) {
    add({ kind: 'identifier', confidence: 70, label: 'Identifier' });
  }
}

/** JSON: parsed when small enough, else judged by its brackets. */
function json(text: string, add: (detection: Detection) => void): void {
  if (text.length > PARSE_LIMIT) {
    add({ kind: 'json', confidence: 80, label: 'JSON' });
    if (/^\[\s*\{/.test(text)) add({ kind: 'json-rows', confidence: 75, label: 'JSON array of objects' });
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    add({ kind: 'json', confidence: 60, label: 'JSON with errors' });
    return;
  }
  add({ kind: 'json', confidence: 95, label: Array.isArray(value) ? 'JSON array' : 'JSON object' });
  const isRecord = (item: unknown) => typeof item === 'object' && item !== null && !Array.isArray(item);
  if (Array.isArray(value) && value.length > 0 && value.slice(0, 50).every(isRecord)) {
    add({
      kind: 'json-rows',
      confidence: 90,
      label: `JSON array of ${value.length} object${value.length === 1 ? '' : 's'}`,
    });
  }
}

/** Base64 (standard or URL-safe, possibly wrapped), told apart from words, numbers and hex. */
function base64(text: string, sample: string, add: (detection: Detection) => void): void {
  const body = sample.replace(/\s+/g, '');
  if (body.length < 8 || !/^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/.test(body)) return;
  if (/^[0-9a-f]+$/i.test(body) || /^\d+$/.test(body)) return;
  const padded = body.endsWith('=');
  const whole = text.length <= SAMPLE;
  if (padded && whole && body.length % 4 !== 0) return;
  const mixed = /\d|[+/_-]/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body);
  const confidence = padded ? 90 : mixed ? 75 : body.length >= 24 && /[a-z]/.test(body) && /[A-Z]/.test(body) ? 45 : 0;
  if (confidence) add({ kind: 'base64', confidence, label: 'Base64' });
}

/** Delimited rows: the same number of delimiters (outside quotes) on each of the first lines. */
function csv(sample: string, cut: boolean, add: (detection: Detection) => void): void {
  const lines = sample.split(/\r?\n/);
  if (cut) lines.pop(); // the last line of a sample may be partial
  const rows = lines.filter((line) => line.trim() !== '').slice(0, 20);
  if (rows.length < 2) return;
  for (const delimiter of [',', ';', '\t'] as const) {
    const counts = rows.map((row) => delimitersIn(row, delimiter));
    if (counts[0]! > 0 && counts.every((count) => count === counts[0])) {
      add({
        kind: 'csv',
        confidence: rows.length >= 3 ? 85 : 70,
        label: delimiter === '\t' ? 'Tab-separated values' : 'CSV',
        fields: { delimiter },
      });
      return;
    }
  }
}

function delimitersIn(row: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of row) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count++;
  }
  return count;
}

/** A tool as smart paste sees it (an entry of `virtual:catalog`). */
export interface PasteTool {
  slug: string;
  name: string;
  paste?: readonly PasteTarget[];
}

export interface Proposal {
  slug: string;
  name: string;
  /** What was recognised, in a few words. */
  label: string;
  kind: PasteKind;
  /** The page's input: the text in the tool's field, plus the fields the tool and detector set. */
  fields: Record<string, unknown>;
  score: number;
}

/** A proposal scoring under this share of the best one is noise beside it (hashing a JWT). */
const RELEVANT = 0.3;

/**
 * The tools that could open `text`, best first, one proposal per tool. The generic text tools
 * stay in the list only when nothing much surer matched.
 */
export function propose(text: string, tools: readonly PasteTool[]): Proposal[] {
  const best = new Map<string, Proposal>();
  const trimmed = text.trim();
  for (const detection of detect(trimmed)) {
    for (const tool of tools) {
      for (const target of tool.paste ?? []) {
        if (target.kind !== detection.kind) continue;
        const score = Math.round(detection.confidence * (target.fit ?? 1));
        if ((best.get(tool.slug)?.score ?? -1) >= score) continue;
        const fields = { ...target.with, ...detection.fields, [target.field]: detection.value ?? trimmed };
        best.set(tool.slug, {
          slug: tool.slug,
          name: tool.name,
          label: detection.label,
          kind: detection.kind,
          fields,
          score,
        });
      }
    }
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score);
  return ranked.filter((proposal) => proposal.score >= ranked[0]!.score * RELEVANT);
}
