// Messages between a page and its tool worker.
import type { Reply } from '../core/invoke';

export interface RunMessage {
  id: number;
  slug: string;
  body: unknown;
}

export interface ReplyMessage {
  id: number;
  reply: Reply;
}
