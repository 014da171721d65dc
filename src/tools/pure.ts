// A tool's schema.ts is read by two kinds of bundle: the tool's own (page worker, service
// worker, Node server), which uses the zod schemas, and the tool's page, which imports only
// the plain constants beside them (option lists, defaults) and types. Building each schema
// through `pure` tells the bundler that the call has no side effects, so a page's bundle
// drops the schemas, and zod with them (some 25 kB gzipped per page).

/** Returns `build()`; a call whose result is unused may be removed by the bundler. */
/* @__NO_SIDE_EFFECTS__ */
export function pure<T>(build: () => T): T {
  return build();
}
