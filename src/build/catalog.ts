// What the build tells the page bundle about each tool (`virtual:catalog`).
import type { PasteTarget } from '../tools/paste';
import type { ToolDefinition } from '../tools/define';

/** What the page bundle knows of a tool (`virtual:catalog`, made by src/build/toolbox-plugin.ts). */
export type CatalogEntry = Pick<
  ToolDefinition,
  'slug' | 'name' | 'summary' | 'tag' | 'category' | 'blurb' | 'keywords'
> & {
  /** The icon as an inline `<svg>` (the definition names a Lucide icon). */
  icon: string;
  paste: readonly PasteTarget[];
  /** The first worked example's input, when small. */
  example?: Record<string, unknown>;
};
