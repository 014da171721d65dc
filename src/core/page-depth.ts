// The built index.html names its scripts, styles and icons relative to itself (`./assets/…`), so
// one build serves any base path (docs/deploy.md "Under a sub-path"). A page is one level below
// the base (`/<slug>`); a document served deeper (`/<slug>/` or a not-found `/a/b`) gets them
// climbed back up to the base, by the Node server and offline by the service worker alike.

/** Directories between the base and a document at `pathname` (below the base): `/x` 0, `/x/` 1, `/a/b/c` 2. */
export const pageDepth = (pathname: string) => Math.min(16, Math.max(0, pathname.split('/').length - 2));

/** `html`'s relative `src`/`href` URLs (`./x`) as seen from `depth` directories below the base. */
export const climbed = (html: string, depth: number) =>
  depth <= 0 ? html : html.replace(/(\s(?:src|href)=")\.\//g, `$1${'../'.repeat(depth)}`);
