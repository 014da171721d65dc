// Which fields of a tool's schemas hold a Base64 image. The schemas say it themselves, in JSON
// Schema's own words (2020-12 §8.3: contentEncoding, contentMediaType), so OpenAPI readers see it
// too and the doors that treat images apart (MCP's image content, stdio's file paths) derive the
// list from the registry instead of naming tools or fields.

/** The `.meta()` of a Base64 image field; `mediaType` narrows it when only one format is possible. */
export function imageFieldMeta(mediaType = 'image/*'): { contentEncoding: 'base64'; contentMediaType: string } {
  return { contentEncoding: 'base64', contentMediaType: mediaType };
}

interface ObjectSchema {
  properties?: Record<string, { contentEncoding?: unknown; contentMediaType?: unknown } | boolean>;
}

/** The properties of a JSON Schema object that are Base64 images, in schema order. */
export function imageFields(schema: unknown): string[] {
  const properties = (schema as ObjectSchema | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(
      ([, field]) =>
        typeof field === 'object' &&
        field.contentEncoding === 'base64' &&
        typeof field.contentMediaType === 'string' &&
        field.contentMediaType.startsWith('image/'),
    )
    .map(([name]) => name);
}
