// The modules the build makes from the registry (src/build/toolbox-plugin.ts, examples-plugin.ts).

declare module 'virtual:catalog' {
  import type { Tag } from './tools/define';
  /** Each tool's metadata and the input of its first worked example (when small). */
  const catalog: { slug: string; name: string; summary: string; tag: Tag; example?: Record<string, unknown> }[];
  export default catalog;
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

declare module 'virtual:file-openers' {
  import type { FileOpener } from './ui/file-launch';
  /** The tools that open files (their `accepts`), for the installed app's file launches (src/build/web-manifest.ts). */
  const openers: FileOpener[];
  export default openers;
}
