// Messages between a page and its tool worker, in worker-client.ts's envelope: each job goes out
// with an id, and comes back as `{ id, reply }` (core/invoke.ts's Reply), after any `{ id, progress }` (a stage).

export interface RunMessage {
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
  step: StepName;
  body: unknown;
}
export type StepName = `${string}/${string}`;
