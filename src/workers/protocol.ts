// Messages between a page and its tool worker.
import type { Reply } from '../core/invoke';

export interface RunMessage {
  id: number;
  slug: string;
  body: unknown;
  /**
   * 'page': the page itself asks, and the device's limits apply (ToolContext.maxImageBytes);
   * 'api': relayed from the service worker's /api, which keeps the spec's limits.
   */
  door: 'page' | 'api';
}

export interface ReplyMessage {
  id: number;
  reply: Reply;
}
