// Opening a tool from the palette or smart paste: the input goes to the page in memory
// (./prefill.ts), never in the URL, and the page is mounted afresh to take it.
import { router } from '../routes/router.svelte';
import { offerPrefill } from './prefill';

export function openTool(slug: string, fields?: Record<string, unknown>): void {
  if (fields) offerPrefill(slug, fields);
  router.go(`/${slug}`, { fresh: Boolean(fields) });
}
