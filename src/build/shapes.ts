// The shapes of what the build writes into virtual modules and the app reads from them: a
// leaf of the build floor without Node's modules, so the plugins that write them
// (input-fields.ts, web-manifest.ts) and the app that reads them (src/ui/field-check.ts,
// src/ui/file-launch.ts, src/virtual.d.ts) share one definition.
import type { FileAccepts } from '../tools/define';

export type JsonSchema = { [keyword: string]: unknown };

/** A tool's input fields, each with its schema, and the definitions they refer to. */
export interface FieldSchemas {
  fields: Readonly<Record<string, JsonSchema>>;
  defs?: Readonly<Record<string, JsonSchema>>;
}

/** A tool that opens files the installed app is launched with (manifest `file_handlers`). */
export interface FileOpener {
  slug: string;
  accepts: FileAccepts;
}
