/// <reference types="vite/client" />
// Lazy loaders of each tool's code, for the page worker: one chunk per tool, loaded on first use.
// Derived from the folders (src/tools/<slug>/tool.ts); tests/unit/registry.test.ts checks that
// every folder is registered under its own name.
import type { ToolDefinition } from './define';

type Loader = () => Promise<{ default: ToolDefinition }>;

const modules = import.meta.glob<{ default: ToolDefinition }>('./*/tool.ts');

export const toolLoaders: Readonly<Record<string, Loader | undefined>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.split('/')[1]!, load]),
);
