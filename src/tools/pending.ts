// Image tools land in their own issues (4 and 5). Until then they keep their real schemas,
// so the API, OpenAPI and MCP already describe them, and answer a clear 400.
import { ToolInputError } from './define';

/** A 1×1 transparent PNG: the example image of the image tools. */
export const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=';

export function notAvailableYet(name: string): never {
  throw new ToolInputError(`${name} is not available yet in this version of the service.`);
}
