// Build-time products of the registry: `/openapi.json` and `/llms.txt` as assets (identical
// bytes from static hosting, the precache and the Node server), and `virtual:catalog`, the
// tools' names and summaries without their code, so the home page stays small.
import type { Plugin } from 'vite';
import { llmsText, openApiDocument } from '../core/describe';
import { nodeImages } from '../platform/node';
import { nodeSegmentation } from '../platform/segmentation-node';
import { provideImages, provideSegmentation } from '../tools/define';
import { tools } from '../tools/index';

// The documents carry each example's real answer; the build runs the image examples on the
// Node codecs, which give the same bytes as the browser's, and the background remover's on the
// Node model, as the Node server does.
provideImages(nodeImages);
provideSegmentation(nodeSegmentation);

const CATALOG_ID = 'virtual:catalog';

export function toolbox(): Plugin {
  return {
    name: 'toolbox',
    resolveId(id) {
      return id === CATALOG_ID ? '\0' + CATALOG_ID : undefined;
    },
    load(id) {
      if (id !== '\0' + CATALOG_ID) return undefined;
      const catalog = tools.map(({ slug, name, summary, tag }) => ({ slug, name, summary, tag }));
      return `export default ${JSON.stringify(catalog)};`;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'openapi.json', source: await openApiDocument() });
      this.emitFile({ type: 'asset', fileName: 'llms.txt', source: llmsText() });
    },
    configureServer(server) {
      // Dev server: answer the same documents the build emits.
      server.middlewares.use(async (req, res, next) => {
        if (req.url === '/openapi.json') res.setHeader('Content-Type', 'application/json').end(await openApiDocument());
        else if (req.url === '/llms.txt') res.setHeader('Content-Type', 'text/plain; charset=utf-8').end(llmsText());
        else next();
      });
    },
  };
}
