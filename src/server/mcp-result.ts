// A tool's reply as an MCP tool result (docs/contract.md §3, "Image results"). The answer travels
// whole in `structuredContent` (it follows the tool's outputSchema); `content` is for clients and
// models that read only content blocks. MCP asks that such a text block hold the serialized JSON
// (2025-06-18, tools: "Structured Content"): it does, but for an image answer the Base64 would
// then travel twice (a 1 MP cut-out: 1.49 MB of its 4.47 MB), so the image field goes out once,
// as an image content block, and the text block names it and carries every other field.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Reply } from '../core/invoke';
import { decodeBase64 } from '../lib/base64';
import { IMAGE_FORMATS, formatOfExtension, sniffFormat } from '../lib/images/formats';

/**
 * The MIME type of a base64 image, from its first bytes (the background remover's answer has
 * no `format` field), else from the answer's `format`. Undefined when it is neither.
 */
export function imageMimeType(base64: string, format: unknown): string | undefined {
  const head = decodeBase64(base64.slice(0, 32)); // 24 bytes: enough for every raster signature
  const known =
    (head.ok ? sniffFormat(head.bytes) : undefined) ??
    (typeof format === 'string' ? formatOfExtension(format) : undefined);
  // Image content is for pictures an MCP client can show: raster formats only (never SVG).
  return known && known !== 'svg' ? IMAGE_FORMATS[known].mime : undefined;
}

/** Bytes for people: 412 KB, 1.4 MB (decimal units, as the tools' own limit messages). */
export function byteSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 2 : 1)} MB`;
}

/** "PNG 1155×866, 412 KB": what an image answer is, from its own fields. */
function describeImage(body: Record<string, unknown>, mimeType: string | undefined, bytes: number): string {
  const name = mimeType
    ? (Object.values(IMAGE_FORMATS).find((format) => format.mime === mimeType)?.name ?? mimeType)
    : 'Image';
  const { width, height } = body;
  const size = typeof width === 'number' && typeof height === 'number' ? ` ${width}×${height}` : '';
  return `${name}${size}, ${byteSize(bytes)}`;
}

/** The Base64 length of `bytes` decoded bytes' worth: 4 characters per 3 bytes, padding aside. */
const decodedLength = (base64: string) => Math.floor((base64.replace(/=+$/, '').length * 3) / 4);

/**
 * `reply` as a tool result. `imageField` names the answer's Base64 image field (from the output
 * schema: src/lib/images/image-field.ts), if the tool has one. An answer whose image was written
 * to a file (stdio's `output_path`) carries `output_path` and `written_bytes` instead of it.
 */
export function toCallToolResult(reply: Reply, imageField: string | undefined = 'image'): CallToolResult {
  if (reply.status !== 200) {
    // 400-class errors (and the opaque 500) reach the model as a tool error with the REST text.
    return { isError: true, content: [{ type: 'text', text: String(reply.body.error) }] };
  }
  const body = reply.body;
  const image = imageField === undefined ? undefined : body[imageField];
  if (typeof body.output_path === 'string' && typeof body.written_bytes === 'number') {
    const kind = describeImage(
      body,
      typeof body.format === 'string' ? IMAGE_FORMATS[formatOfExtension(body.format) ?? 'png']?.mime : 'image/png',
      body.written_bytes,
    );
    return {
      content: [
        {
          type: 'text',
          text: `${kind}: written to ${body.output_path} (${body.written_bytes} bytes).\n${JSON.stringify(body)}`,
        },
      ],
      structuredContent: body,
    };
  }
  const mimeType = typeof image === 'string' && image.length > 0 ? imageMimeType(image, body.format) : undefined;
  if (typeof image !== 'string' || !mimeType || imageField === undefined) {
    // Nothing a client can show as a picture (no image, or an SVG): the whole answer as JSON text.
    return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
  }
  const rest = Object.fromEntries(Object.entries(body).filter(([key]) => key !== imageField));
  // First line for people, second the answer's other fields as JSON (what MCP's text block holds).
  const summary = `${describeImage(body, mimeType, decodedLength(image))}: the image content of this result (its Base64 is \`${imageField}\` of the structured content).\n${JSON.stringify(rest)}`;
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'image', data: image, mimeType },
    ],
    structuredContent: body,
  };
}
