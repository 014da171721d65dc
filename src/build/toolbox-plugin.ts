// Build-time products of the registry: `/openapi.json` and `/llms.txt` as assets (identical
// bytes from static hosting, the precache and the Node server), `virtual:catalog`, the tools'
// names and summaries without their code, so the home page stays small, and
// `virtual:examples` (./examples-plugin.ts).
import type { Plugin } from 'vite';
import { llmsText, openApiDocument } from '../core/describe';
import { tools } from '../tools/index';
import { buildExamples, examplesModule } from './examples-plugin';

const CATALOG_ID = 'virtual:catalog';

export function toolbox(): Plugin[] {
  let root = process.cwd();
  const documents: Plugin = {
    name: 'toolbox',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === CATALOG_ID ? '\0' + CATALOG_ID : undefined;
    },
    load(id) {
      if (id !== '\0' + CATALOG_ID) return undefined;
      const catalog = tools.map(({ slug, name, summary, tag }) => ({ slug, name, summary, tag }));
      return `export default ${JSON.stringify(catalog)};`;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'openapi.json', source: openApiDocument(await buildExamples(root)) });
      this.emitFile({ type: 'asset', fileName: 'llms.txt', source: llmsText() });
    },
    configureServer(server) {
      // Dev server: answer the same documents the build emits.
      server.middlewares.use(async (req, res, next) => {
        if (req.url === '/openapi.json') res.setHeader('Content-Type', 'application/json').end(openApiDocument(await buildExamples(root)));
        else if (req.url === '/llms.txt') res.setHeader('Content-Type', 'text/plain; charset=utf-8').end(llmsText());
        else next();
      });
    },
  };
  return [documents, examplesModule()];
}
