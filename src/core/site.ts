// The site's name and one-line description: the server's page heads and the app's own head
// (src/server/page-heads.ts, src/ui/head.ts) and the built index.html (vite.config.ts) all say them.

export const SITE_NAME = 'Developer Toolbox';
export const SITE_DESCRIPTION = 'Developer utilities that work offline, on your own device, with one JSON API.';
