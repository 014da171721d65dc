// The Base64 page's byte work, off the page's thread: a file's exact bytes to Base64 (or a data:
// URI), and Base64 back to bytes for download, preview and the hex view. The API's tool works on
// text (JSON bodies); this is what the page needs beyond it, with the same encoder and decoder
// (lib/base64.ts) and the same data: URL rule (./data-url.ts), so answers agree with the API's.
/// <reference lib="webworker" />
import { decodeBase64, encodeBase64 } from '../../lib/base64';
import { dataUrlPrefix } from './data-url';
import { sniffBytes } from './sniff';
import { serveJobs } from '../../workers/worker-serve';
import type { BytesReply, BytesRequest } from './bytes-protocol';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

async function answer(request: BytesRequest): Promise<BytesReply> {
  if (request.op === 'encode') {
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    const sniffed = sniffBytes(bytes);
    const base64 = encodeBase64(bytes, request.urlSafe, request.padding);
    return {
      op: 'encode',
      output: request.dataUri ? `data:${sniffed.mime};base64,${base64}` : base64,
      sniffed,
      size: bytes.length,
    };
  }
  const prefix = dataUrlPrefix(request.text);
  const decoded = decodeBase64(prefix?.ok ? request.text.slice(prefix.start) : request.text);
  if (!decoded.ok) return { op: 'decode', bytes: undefined };
  let utf8 = true;
  try {
    strictUtf8.decode(decoded.bytes);
  } catch {
    utf8 = false;
  }
  return { op: 'decode', bytes: decoded.bytes, sniffed: sniffBytes(decoded.bytes), utf8 };
}

serveJobs<BytesRequest, BytesReply>(answer, {
  failed: (error) => ({ op: 'error', message: error instanceof Error ? error.message : String(error) }),
  transfer: (reply) => (reply.op === 'decode' && reply.bytes ? [reply.bytes.buffer] : []),
});
