// Page-side helpers of the image pages (converter and resizer): files in, base64 for the tool,
// blobs out, names, sizes. No pixels are touched here: decoding is the tool's job.
import { DOWNLOAD_TYPE, typedBlob } from './blob-urls';
import { groupThousands } from '../lib/digits';
import { decodeBase64 } from '../lib/base64';
import {
  FORMAT_NAMES,
  IMAGE_FORMATS,
  INPUT_FORMATS,
  formatList,
  formatOfExtension,
  formatOfMime,
  sniffFormat,
  type InputFormat,
  type RasterFormat,
} from '../lib/images/formats';
import { DEVICE_MAX_INPUT_BYTES, checkInputBytes } from '../lib/images/limits';
import { takePrefill } from './prefill';
import { keptFiles } from './session-inputs';
import { appHref } from '../lib/app-base';

export { FORMAT_NAMES, formatList, type InputFormat };

/** What the image pages' drop areas say they take. */
export const IMAGE_DROP_HINT = `${formatList()} · up to 50 MB and 40 megapixels each · or paste an image`;

/** What a written format keeps and loses, told once for the converter's and the resizer's format
 * pickers. `lossyOnly`: the page writes it lossy only (the resizer's WebP), so "or lossless" goes. */
export function formatNote(format: RasterFormat, { lossyOnly = false } = {}): string {
  const note = FORMAT_NOTES[format];
  return lossyOnly ? note.replace('lossy or lossless', 'lossy') : note;
}

const FORMAT_NOTES: Readonly<Record<RasterFormat, string>> = {
  png: 'lossless, keeps transparency',
  jpeg: 'lossy, no transparency',
  webp: 'lossy or lossless, keeps transparency',
  avif: 'lossy or lossless, keeps transparency, slowest',
  tiff: 'lossless, keeps transparency',
  gif: '256 colours, keeps transparency',
};

/** What the file pickers offer: the input formats by type and by extension. */
export const ACCEPT = [
  ...INPUT_FORMATS.map((format) => IMAGE_FORMATS[format].mime),
  ...INPUT_FORMATS.flatMap((format) => IMAGE_FORMATS[format].extensions.map((ext) => `.${ext}`)),
].join(',');

/** Formats Chromium, Firefox and Safari draw in an <img>; TIFF needs the tool to be seen. */
export const BROWSER_DRAWS = new Set<InputFormat>(INPUT_FORMATS.filter((format) => IMAGE_FORMATS[format].browsersDraw));

function byName(name: string, type: string): InputFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1];
  return (ext && formatOfExtension(ext)) || formatOfMime(type);
}

/** The format a file's bytes really are (as the tools sniff them), whatever its name says. */
export async function sniffFile(file: Blob): Promise<InputFormat | undefined> {
  return sniffFormat(new Uint8Array(await file.slice(0, 4096).arrayBuffer()));
}

/** The format of a file: its bytes first (as the tool sniffs them), else its name or type. */
export async function detectFormat(file: File): Promise<InputFormat | undefined> {
  return (await sniffFile(file)) ?? byName(file.name, file.type);
}

/**
 * The file's bytes as base64, encoded by the browser (FileReader), so no string is built up in
 * JavaScript. A file over the device's limit (50 MB, as the page's tool worker applies it) is
 * refused here with the tool's own sentence, before it is read at all.
 */
export async function readBase64(file: Blob): Promise<string> {
  checkInputBytes(file.size, DEVICE_MAX_INPUT_BYTES);
  return readAsBase64(file);
}

/** A file's bytes as base64, read by the browser (no string built up in JavaScript). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The tool's base64 answer as a typed Blob (for previews, downloads and the ZIP). */
export function base64Blob(base64: string, format: string): Blob {
  const decoded = decodeBase64(base64);
  if (!decoded.ok) throw new Error(`The answer is not valid base64: ${decoded.error}`);
  return typedBlob(
    [decoded.bytes as Uint8Array<ArrayBuffer>],
    IMAGE_FORMATS[format as InputFormat]?.mime ?? DOWNLOAD_TYPE,
  );
}

/** `holiday photo.PNG` → `holiday photo` (+ suffix) `.webp`; JPEG files get `.jpg`. */
export function outputName(inputName: string, format: string, suffix = ''): string {
  // eslint-disable-next-line no-control-regex -- control characters are among those a file name must not hold
  const stem = inputName.replace(/\.[^./\\]*$/, '').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_') || 'image';
  return `${stem}${suffix}.${IMAGE_FORMATS[format as InputFormat]?.extensions[0] ?? format}`;
}

/** Names unique within a ZIP: a second `photo.webp` becomes `photo-2.webp`. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++)
      candidate = name.replace(/(\.[^.]*)?$/, (ext) => `-${n}${ext}`);
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

const grouped = groupThousands;

/** 1,254 bytes · 12.3 KB · 2.45 MB (binary units, as the tools' limits count them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${grouped(bytes)} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1048576) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1048576).toFixed(2)} MB`;
}

/** How the output compares with the input: "52.9 % smaller", "12.0 % larger", "same size". */
export function sizeChange(before: number, after: number): { text: string; saved: boolean } {
  if (before <= 0 || after === before) return { text: 'same size', saved: false };
  const percent = (Math.abs(before - after) / before) * 100;
  return after < before
    ? { text: `${percent.toFixed(1)} % saved`, saved: true }
    : { text: `${percent.toFixed(1)} % larger`, saved: false };
}

/** Image files of a paste (screenshots, copied images); none for a paste of text. */
function pastedImages(event: ClipboardEvent): File[] {
  return [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
}

/** The image pages' window paste handler: pasted images go to `add` as if dropped; a paste of
 * text is left alone, so it still reaches the field it was pasted into. */
export function imagePasteHandler(add: (files: File[]) => void): (event: ClipboardEvent) => void {
  return (event) => {
    const files = pastedImages(event);
    if (!files.length) return;
    event.preventDefault();
    add(files);
  };
}

/**
 * The image pages' example: a photo of an espresso cup on a wooden table (600×400 JPEG, 41 KB),
 * a clear foreground subject on a textured background, so the converter shows a real saving, the
 * resizer a real resize and the background remover a real cut-out. Served from this origin and
 * precached, so it works offline. Photograph by Rachel Michetti, CC0 (scikit-image's `coffee`
 * sample data), re-encoded as JPEG at quality 82.
 */
export const EXAMPLE_IMAGE = { url: appHref('examples/coffee.jpg'), name: 'coffee.jpg', type: 'image/jpeg' } as const;

/** The example image as a File, as if the user had dropped it. */
export async function exampleImage(): Promise<File> {
  const response = await fetch(EXAMPLE_IMAGE.url).catch(() => undefined);
  if (!response?.ok) throw new Error('The example image could not be loaded. Reload the page and try again.');
  return new File([await response.blob()], EXAMPLE_IMAGE.name, { type: EXAMPLE_IMAGE.type });
}

/**
 * Files handed to the page of `slug` by whoever opened it (the installed app's file handler
 * offers `{ files }` with prefill.ts): taken once, to be added as if dropped. Without any, the
 * files the page held when the user left it in this tab (session-inputs.ts), so a return finds them.
 */
export function handedFiles(slug: string): File[] {
  const { files } = takePrefill(slug, ['files']);
  const handed = Array.isArray(files) ? files.filter((file): file is File => file instanceof File) : [];
  return handed.length ? handed : keptFiles(slug);
}
