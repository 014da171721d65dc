// The modules the build makes from the registry (src/build/toolbox-plugin.ts, examples-plugin.ts).

declare module 'virtual:catalog' {
  /** Each tool's metadata (icon as inline SVG) and the input of its first worked example (when small). */
  const catalog: import('./build/catalog').CatalogEntry[];
  export default catalog;
}

declare module 'virtual:icons' {
  /** The app's own icons as inline SVG (src/build/icons.ts). */
  const icons: Record<import('./build/icon-names').UiIcon, string>;
  export default icons;
}

declare module 'virtual:examples' {
  import type { ExampleBook } from './core/examples';
  const examples: ExampleBook;
  export default examples;
}

declare module 'virtual:input-schemas' {
  /** The input JSON Schema (io: 'input') of each tool that has no page of its own, by slug. */
  const schemas: Readonly<Record<string, (() => Promise<{ default: Record<string, unknown> }>) | undefined>>;
  export default schemas;
}

declare module 'virtual:input-fields' {
  /** Each tool's input fields as JSON Schema, validating keywords only (src/build/input-fields.ts), by slug. */
  const fields: Readonly<Record<string, import('./build/shapes').FieldSchemas>>;
  export default fields;
}

declare module 'virtual:file-openers' {
  import type { FileOpener } from './build/shapes';
  /** The tools that open files (their `accepts`), for the installed app's file launches (src/build/web-manifest.ts). */
  const openers: FileOpener[];
  export default openers;
}
