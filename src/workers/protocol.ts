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

/**
 * A step of a tool that only the page runs on its own (the background remover's mask, kept per
 * image, and the answer composed from it), named `<slug>/<step>` and exported by the tool's
 * `page-steps.ts` as `steps`. Its reply has the tools' shape: 200 with the step's result, or the
 * error a tool would give.
 */
export interface StepMessage {
  id: number;
  step: StepName;
  body: unknown;
}
export type StepName = `${string}/${string}`;

export interface ReplyMessage {
  id: number;
  reply: Reply;
}

/** Sent while a step runs: the stage it has reached (shown by the page beside the time it has taken). */
export interface ProgressMessage {
  id: number;
  progress: string;
}
