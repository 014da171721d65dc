/// <reference types="vite/client" />
// Lazy loaders of each tool's code, for the page worker: one chunk per tool, loaded on first use.
// Derived from the folders (src/tools/<slug>/tool.ts); tests/unit/registry.test.ts checks that
// every folder is registered under its own name.
import type { ToolContext, ToolDefinition } from './define';

type Loader = () => Promise<{ default: ToolDefinition }>;

const modules = import.meta.glob<{ default: ToolDefinition }>('./*/tool.ts');

/** A tool's own page steps (src/tools/<slug>/page-steps.ts), for the page worker's StepMessage. */
export type PageStep = (
  ctx: ToolContext,
  body: never,
  report: (stage: string) => void,
) => Promise<Record<string, unknown>>;
const stepModules = import.meta.glob<{ steps: Record<string, PageStep> }>('./*/page-steps.ts');
export const pageStepLoaders: Readonly<
  Record<string, (() => Promise<{ steps: Record<string, PageStep> }>) | undefined>
> = Object.fromEntries(Object.entries(stepModules).map(([path, load]) => [path.split('/')[1]!, load]));

export const toolLoaders: Readonly<Record<string, Loader | undefined>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.split('/')[1]!, load]),
);
