// Lazy loaders of each tool's code, for the page worker: one chunk per tool, loaded on first
// use. Exhaustive over the registry's slugs (the type checker insists on every one).
import type { Slug } from './index';
import type { ToolDefinition } from './define';

type Loader = () => Promise<{ default: ToolDefinition }>;

export const toolLoaders = {
  'jwt-decoder': () => import('./jwt-decoder/tool'),
  'json-formatter': () => import('./json-formatter/tool'),
  'image-converter': () => import('./image-converter/tool'),
  'background-remover': () => import('./background-remover/tool'),
  'lcov-viewer': () => import('./lcov-viewer/tool'),
  'image-resizer': () => import('./image-resizer/tool'),
  base64: () => import('./base64/tool'),
  'hash-generator': () => import('./hash-generator/tool'),
  'url-encoder': () => import('./url-encoder/tool'),
  'timestamp-converter': () => import('./timestamp-converter/tool'),
  'uuid-generator': () => import('./uuid-generator/tool'),
  'text-case-converter': () => import('./text-case-converter/tool'),
  'json-to-csv': () => import('./json-to-csv/tool'),
  'color-converter': () => import('./color-converter/tool'),
  'number-base-converter': () => import('./number-base-converter/tool'),
} satisfies Record<Slug, Loader> as Record<Slug, Loader>;
