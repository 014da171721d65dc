// Build-time products of the registry: `/openapi.json` and `/llms.txt` as assets (identical
// bytes from static hosting, the precache and the Node server), `virtual:catalog`, the tools'
// names, summaries and app metadata (category, inlined icon, blurb, keywords, what they take
// from smart paste) without their code, so the home page stays small, `virtual:icons`, the
// inlined icons of the app's own controls,
// `virtual:input-schemas`, the input JSON Schema of each tool without a page of its own (its
// generic page's form, without zod or the tool's code), `virtual:input-fields`, what a shared
// link may put in each tool's input fields (./input-fields.ts), and `virtual:examples`
// (./examples-plugin.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { z } from 'zod';
import { llmsText, openApiDocument } from '../core/describe';
import { tools } from '../tools/index';
import { buildExamples, examplesModule } from './examples-plugin';
import { inputFields } from './input-fields';
import { UI_ICONS, lucideSvg } from './icons';

const CATALOG_ID = 'virtual:catalog';
const ICONS_ID = 'virtual:icons';
const SCHEMAS_ID = 'virtual:input-schemas';
const SCHEMA_PREFIX = 'virtual:input-schema/';
const FIELDS_ID = 'virtual:input-fields';

export function toolbox(): Plugin[] {
  let root = process.cwd();
  const documents: Plugin = {
    name: 'toolbox',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === CATALOG_ID ||
        id === ICONS_ID ||
        id === SCHEMAS_ID ||
        id === FIELDS_ID ||
        id.startsWith(SCHEMA_PREFIX)
        ? '\0' + id
        : undefined;
    },
    load(id) {
      if (id === '\0' + CATALOG_ID) {
        const catalog = tools.map(({ slug, name, summary, tag, category, icon, blurb, keywords, paste, examples }) => ({
          slug,
          name,
          summary,
          tag,
          category,
          icon: lucideSvg(icon),
          blurb,
          keywords,
          paste: paste ?? [],
          example: pageExample(examples?.[0]?.input),
        }));
        return `export default ${JSON.stringify(catalog)};`;
      }
      if (id === '\0' + ICONS_ID) {
        return `export default ${JSON.stringify(Object.fromEntries(UI_ICONS.map((name) => [name, lucideSvg(name)])))};`;
      }
      if (id === '\0' + FIELDS_ID) {
        // What a shared link may put in each input field, for every page (a few kB, no zod).
        return `export default ${JSON.stringify(Object.fromEntries(tools.map((tool) => [tool.slug, inputFields(tool)])))};`;
      }
      if (id === '\0' + SCHEMAS_ID) {
        // One chunk per tool, loaded when its generic page opens.
        const pageless = tools.filter((tool) => !existsSync(join(root, 'src/tools', tool.slug, 'page.svelte')));
        const entries = pageless.map(
          ({ slug }) => `${JSON.stringify(slug)}: () => import(${JSON.stringify(SCHEMA_PREFIX + slug)})`,
        );
        return `export default {${entries.join(', ')}};`;
      }
      if (id.startsWith('\0' + SCHEMA_PREFIX)) {
        const tool = tools.find(({ slug }) => slug === id.slice(1 + SCHEMA_PREFIX.length));
        if (!tool) return undefined;
        // The input as a request sees it: fields with a default are optional and carry it.
        return `export default ${JSON.stringify(z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }))};`;
      }
      return undefined;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'openapi.json', source: openApiDocument(await buildExamples(root)) });
      this.emitFile({ type: 'asset', fileName: 'llms.txt', source: llmsText() });
    },
    configureServer(server) {
      // Dev server: answer the same documents the build emits.
      server.middlewares.use(async (req, res, next) => {
        if (req.url === '/openapi.json')
          res.setHeader('Content-Type', 'application/json').end(openApiDocument(await buildExamples(root)));
        else if (req.url === '/llms.txt') res.setHeader('Content-Type', 'text/plain; charset=utf-8').end(llmsText());
        else next();
      });
    },
  };
  return [documents, examplesModule()];
}

/** The first worked example's input, for a page's "Load example"; left out when it is too big
 * for the small catalog (the image tools bring their own sample files). */
function pageExample(input: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return input && JSON.stringify(input).length <= 4096 ? input : undefined;
}
