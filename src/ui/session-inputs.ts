// What each tool page held when the user left it (its input and options, its last answer), kept
// in this tab's memory so that coming back through the sidebar or the palette finds the page as
// it was. Memory only: nothing is written to storage, a reload forgets, and a credential (a
// runner's `credentials`: a JWT secret or key, an HMAC key) is kept only when the user allowed it
// on the page (ToolRunner `keepCredentials`).

export interface KeptPage {
  input: Record<string, unknown>;
  reply: unknown;
  /** Whether the user allowed the page's credentials to be kept. */
  keepCredentials: boolean;
  /** Fields that came by hand-over (prefill.ts): they stay out of the URL after a return too. */
  handed: readonly string[];
}

const kept = new Map<string, KeptPage>();
/** The image pages' files (File objects: references, not copies), by slug. */
const files = new Map<string, readonly File[]>();

export function keepPage(slug: string, page: KeptPage): void {
  kept.set(slug, page);
}

export function keptPage(slug: string): KeptPage | undefined {
  return kept.get(slug);
}

export function keepFiles(slug: string, list: readonly File[]): void {
  if (list.length) files.set(slug, [...list]);
  else files.delete(slug);
}

export function keptFiles(slug: string): File[] {
  return [...(files.get(slug) ?? [])];
}

/** A page's own state beyond a runner (the background remover's choices): any value, by key. */
const values = new Map<string, unknown>();

export function keepValue(key: string, value: unknown): void {
  values.set(key, value);
}

export function keptValue<T>(key: string): T | undefined {
  return values.get(key) as T | undefined;
}

/** Forgets every page (tests; a "forget" control would call it too). */
export function forgetPages(): void {
  kept.clear();
  files.clear();
  values.clear();
}
