// Which page opens the files the installed app was launched with (manifest `file_handlers`):
// decided from the tools' `accepts` (src/tools/define.ts), by extension first, because
// platforms hand over files with an empty or generic MIME type (`.lcov`, `.info`).
import type { FileOpener } from '../build/shapes';

export type { FileOpener };

/** What a launch hands over: File objects, or anything with a name and a type (tests). */
export interface NamedFile {
  name: string;
  type: string;
}

export type LaunchPlan =
  /** Put the text of `files[file]` into `field` of `slug`'s page, with the fields of `with`. */
  | { slug: string; read: 'text'; file: number; field: string; with: Readonly<Record<string, unknown>> }
  /** Hand `files[i]` for each i of `files` to `slug`'s page as File objects. */
  | { slug: string; read: 'files'; files: number[] };

/** `Report.LCOV.info` → `.info`; no extension → ''. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The tool that opens `file`: the first whose extensions hold its extension, else its MIME type. */
export function openerOf(file: NamedFile, openers: readonly FileOpener[]): FileOpener | undefined {
  const extension = extensionOf(file.name);
  const lists = (opener: FileOpener) => Object.entries(opener.accepts.types);
  return (
    (extension
      ? openers.find((opener) => lists(opener).some(([, extensions]) => extensions.includes(extension)))
      : undefined) ??
    (file.type ? openers.find((opener) => lists(opener).some(([type]) => type === file.type.toLowerCase())) : undefined)
  );
}

/**
 * The first file a tool opens decides the page. A text page takes that one file (one input
 * field); a page that takes files gets every launched file it accepts. Undefined: nothing to open.
 */
export function planLaunch(files: readonly NamedFile[], openers: readonly FileOpener[]): LaunchPlan | undefined {
  const matched = files.map((file) => openerOf(file, openers));
  const first = matched.findIndex((opener) => opener !== undefined);
  if (first < 0) return undefined;
  const opener = matched[first]!;
  const { accepts } = opener;
  if (accepts.read === 'text')
    return { slug: opener.slug, read: 'text', file: first, field: accepts.field, with: accepts.with ?? {} };
  return {
    slug: opener.slug,
    read: 'files',
    files: matched.flatMap((each, index) => (each === opener ? [index] : [])),
  };
}
