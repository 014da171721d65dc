// Typed Blobs and object URLs made by the pages. A `blob:` URL belongs to the app's origin: opened
// in a tab (a download link's "Open link in new tab", a preview's "Open image in new tab"), a
// Blob typed `text/html`, `image/svg+xml` or an XML type is rendered as a document of this
// origin, whose scripts could read localStorage and rewrite the service worker's caches. Much of
// what the pages turn into Blobs is not the user's own writing: Base64 decoded from a shared link,
// a tool's answer to it. So every typed Blob is made here, and only types a browser never runs
// as a document keep their name; anything else becomes `application/octet-stream`, which a
// browser can only save. Decoded bytes are always downloaded as octet-stream whatever they are
// (tests/unit/blob-urls.test.ts checks that no page types a Blob itself).
import { RASTER_FORMATS, IMAGE_FORMATS } from '../lib/images/formats';

export const DOWNLOAD_TYPE = 'application/octet-stream';

/** Raster image types: an `<img>` may need them, and a tab shows them as a picture only. */
const RASTER_TYPES: ReadonlySet<string> = new Set([
  ...RASTER_FORMATS.map((format) => IMAGE_FORMATS[format].mime),
  'image/bmp',
  'image/vnd.microsoft.icon',
]);

/** Types a browser shows as inert text or saves, and never renders as a document. */
const INERT_TYPES: ReadonlySet<string> = new Set([
  ...RASTER_TYPES,
  'text/plain',
  'text/csv',
  'application/json',
  'application/zip',
  DOWNLOAD_TYPE,
]);

/** Whether bytes of this type may be shown in an `<img>` from a `blob:` URL of ours. */
export function isRasterType(type: string): boolean {
  return RASTER_TYPES.has(type.split(';')[0]!.trim().toLowerCase());
}

/** `type` if a browser never renders it as a document, else `application/octet-stream`. */
export function inertType(type: string): string {
  return INERT_TYPES.has(type.split(';')[0]!.trim().toLowerCase()) ? type : DOWNLOAD_TYPE;
}

/** A Blob of `parts`, typed `type` only when that type is inert (see inertType). */
export function typedBlob(parts: BlobPart[], type: string): Blob {
  return new Blob(parts, { type: inertType(type) });
}

/** Bytes to download and nothing else: `application/octet-stream`, whatever they look like. */
export function downloadBlob(parts: BlobPart[]): Blob {
  return new Blob(parts, { type: DOWNLOAD_TYPE });
}

/** Saves a Blob under a name: a short-lived object URL clicked as a download link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob.type === inertType(blob.type) ? blob : blob.slice(0, blob.size, DOWNLOAD_TYPE));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
