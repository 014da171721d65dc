// THE registry (docs/architecture.md principle 1): routes, API calls, OpenAPI, MCP, llms.txt, the
// home page and the tests all read this list. Order is that of docs/spec.md §1.
import jwtDecoder from './jwt-decoder/tool';
import jsonFormatter from './json-formatter/tool';
import imageConverter from './image-converter/tool';
import backgroundRemover from './background-remover/tool';
import lcovViewer from './lcov-viewer/tool';
import imageResizer from './image-resizer/tool';
import base64 from './base64/tool';
import hashGenerator from './hash-generator/tool';
import urlEncoder from './url-encoder/tool';
import timestampConverter from './timestamp-converter/tool';
import uuidGenerator from './uuid-generator/tool';
import textCaseConverter from './text-case-converter/tool';
import jsonToCsv from './json-to-csv/tool';
import colorConverter from './color-converter/tool';
import numberBaseConverter from './number-base-converter/tool';
import type { ToolDefinition } from './define';

export const tools = [
  jwtDecoder,
  jsonFormatter,
  imageConverter,
  backgroundRemover,
  lcovViewer,
  imageResizer,
  base64,
  hashGenerator,
  urlEncoder,
  timestampConverter,
  uuidGenerator,
  textCaseConverter,
  jsonToCsv,
  colorConverter,
  numberBaseConverter,
] as const satisfies readonly ToolDefinition[];

export type Tool = (typeof tools)[number];
export type Slug = Tool['slug'];

const bySlug = new Map<string, ToolDefinition>(tools.map((tool) => [tool.slug, tool as ToolDefinition]));

export function findTool(slug: string): ToolDefinition | undefined {
  return bySlug.get(slug);
}
