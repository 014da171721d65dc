// Messages between the Base64 page and its bytes worker (./bytes.worker.ts).
import type { Sniffed } from './sniff';

export type BytesRequest =
  { op: 'encode'; file: Blob; urlSafe: boolean; padding: boolean; dataUri: boolean } | { op: 'decode'; text: string };

export type BytesReply =
  | { op: 'encode'; output: string; sniffed: Sniffed; size: number }
  /** `bytes` undefined: the text is not Base64 (the tool's own answer says why). */
  | { op: 'decode'; bytes: Uint8Array; sniffed: Sniffed; utf8: boolean }
  | { op: 'decode'; bytes: undefined }
  | { op: 'error'; message: string };
