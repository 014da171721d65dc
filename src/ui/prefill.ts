// Input handed to a page by whoever opens it: smart paste, the command palette, a file opened
// with the installed app (manifest file_handlers). Kept in memory only, never in the URL, so a
// pasted token does not reach the history; each field is taken once.

const waiting = new Map<string, Record<string, unknown>>();

/** Leaves `fields` for the page of `slug`, replacing anything left for it before. */
export function offerPrefill(slug: string, fields: Record<string, unknown>): void {
  waiting.set(slug, { ...fields });
}

/** Takes the fields left for `slug` (only `keys`, when given); they are not handed out again. */
export function takePrefill(slug: string, keys?: readonly string[]): Record<string, unknown> {
  const fields = waiting.get(slug);
  if (!fields) return {};
  const taken: Record<string, unknown> = {};
  for (const key of keys ?? Object.keys(fields)) {
    if (Object.hasOwn(fields, key)) {
      taken[key] = fields[key];
      delete fields[key];
    }
  }
  if (!Object.keys(fields).length) waiting.delete(slug);
  return taken;
}
