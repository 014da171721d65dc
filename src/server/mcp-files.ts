// Local files for the stdio MCP server only (docs/contract.md §3, "Files over stdio"). An agent on
// the same machine names an image by its path instead of pasting megabytes of Base64 into the
// conversation, and has a result written to a file instead of read back. Never over HTTP: a remote
// client must not read or write the server's files, so only mcp-stdio.ts passes this to the MCP
// server, and the HTTP server's tool schemas never have these fields.
//
// Which fields are images comes from the tools' schemas (contentMediaType image/*), not a list:
// each input image field `<f>` gains `<f>_path`; a tool whose answer has one image field gains
// `output_path`, and its answer then carries `output_path` and `written_bytes` instead of it.
import { constants } from 'node:fs';
import { open, stat, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { toolJsonSchemas } from '../core/describe';
import type { Reply } from '../core/invoke';
import { decodeBase64 } from '../lib/base64';
import { formatBytes } from '../lib/byte-size';
import { imageFields } from '../lib/images/image-field';

export interface LocalFiles {
  /** The tool as listed over stdio, with its file fields. */
  describe(tool: McpTool): McpTool;
  /** Runs a call whose arguments may name files; `invoke` gets the tool's own arguments. */
  call(
    slug: string,
    args: Record<string, unknown>,
    invoke: (body: Record<string, unknown>) => Promise<Reply>,
  ): Promise<Reply>;
}

export interface LocalFilesOptions {
  /** Largest file read: what the biggest message the server accepts could carry as Base64. */
  maxFileBytes: number;
  /** Where relative paths start (the directory the host started the server in). */
  cwd?: string;
}

interface Fields {
  inputs: string[];
  output?: string;
}

/** A refusal the caller can fix: a 400, as the tools' own. */
class FileError extends Error {}
const refused = (message: string): Reply => ({ status: 400, body: { error: message } });

type JsonObject = { properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

export function localFiles({ maxFileBytes, cwd = process.cwd() }: LocalFilesOptions): LocalFiles {
  const cache = new Map<string, Fields>();
  const fieldsOf = (slug: string): Fields => {
    let fields = cache.get(slug);
    if (!fields) {
      const schemas = toolJsonSchemas(slug);
      const outputs = imageFields(schemas.output);
      fields = { inputs: imageFields(schemas.input), output: outputs.length === 1 ? outputs[0] : undefined };
      cache.set(slug, fields);
    }
    return fields;
  };

  async function readImage(field: string, path: unknown): Promise<string> {
    const name = `'${field}_path'`;
    if (typeof path !== 'string' || path.length === 0)
      throw new FileError(`${name} must be the path of a local image file (a non-empty string).`);
    const full = resolve(cwd, path);
    // A FIFO or device would block open() (and a libuv thread) until someone writes to it:
    // only regular files are opened at all (and checked again on the open file below).
    const before = await stat(full).catch((error: unknown) => {
      throw new FileError(`${name} cannot be read: ${reason(error)} (${full}).`);
    });
    if (!before.isFile()) throw new FileError(`${name} is not a regular file (${full}).`);
    let file;
    try {
      file = await open(full, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (error) {
      throw new FileError(`${name} cannot be read: ${reason(error)} (${full}).`);
    }
    try {
      const info = await file.stat();
      if (!info.isFile()) throw new FileError(`${name} is not a regular file (${full}).`);
      if (info.size > maxFileBytes)
        throw new FileError(
          `${name} is ${formatBytes(info.size)} — larger than the ${formatBytes(maxFileBytes)} an image may be here (${full}).`,
        );
      if (info.size === 0) throw new FileError(`${name} is an empty file (${full}).`);
      const bytes = Buffer.alloc(info.size);
      const { bytesRead } = await file.read(bytes, 0, info.size, 0);
      return bytes.subarray(0, bytesRead).toString('base64');
    } catch (error) {
      if (error instanceof FileError) throw error;
      throw new FileError(`${name} cannot be read: ${reason(error)} (${full}).`);
    } finally {
      await file.close();
    }
  }

  /** Refuses a destination before the (maybe slow) tool runs; writing checks again. */
  async function checkDestination(path: unknown): Promise<string> {
    if (typeof path !== 'string' || path.length === 0)
      throw new FileError(`'output_path' must be the path of a new file (a non-empty string).`);
    const full = resolve(cwd, path);
    const existing = await stat(full).catch(() => undefined);
    if (existing)
      throw new FileError(
        `'output_path' already exists; this server never replaces a file, so name a new one (${full}).`,
      );
    const folder = await stat(dirname(full)).catch(() => undefined);
    if (!folder?.isDirectory())
      throw new FileError(`'output_path' is in a folder that does not exist (${dirname(full)}).`);
    return full;
  }

  async function write(full: string, base64: string): Promise<number> {
    const decoded = decodeBase64(base64);
    if (!decoded.ok) throw new Error('the tool answered an image that is not Base64'); // a bug: 500
    let file;
    try {
      file = await open(full, 'wx'); // wx: fails if the file appeared since the check
    } catch (error) {
      throw new FileError(`'output_path' cannot be written: ${reason(error)} (${full}).`);
    }
    try {
      await file.writeFile(decoded.bytes);
    } catch (error) {
      // A half-written file (a full disk) would make the retry's "never replaces" refusal.
      await file.close().catch(() => undefined);
      await unlink(full).catch(() => undefined);
      throw new FileError(`'output_path' cannot be written: ${reason(error)} (${full}).`);
    } finally {
      await file.close().catch(() => undefined);
    }
    return decoded.bytes.length;
  }

  return {
    describe(tool) {
      const { inputs, output } = fieldsOf(tool.name);
      if (inputs.length === 0 && !output) return tool;
      const input = structuredClone(tool.inputSchema) as JsonObject;
      input.properties ??= {};
      for (const field of inputs) {
        input.properties[`${field}_path`] = {
          type: 'string',
          minLength: 1,
          description: `Instead of \`${field}\` (send one of the two): the path of a local image file, absolute or relative to the server's working directory. The same limits apply.`,
        };
      }
      input.required = input.required?.filter((name) => !inputs.includes(name));
      if (input.required?.length === 0) delete input.required;
      const described: McpTool = { ...tool, inputSchema: input as McpTool['inputSchema'] };
      if (output) {
        input.properties.output_path = {
          type: 'string',
          minLength: 1,
          description: `Write the resulting image to this new local file (never replacing one; its folder must exist) instead of answering its Base64: the answer then has \`output_path\` and \`written_bytes\` instead of \`${output}\`.`,
        };
        const answer = structuredClone(tool.outputSchema) as JsonObject;
        answer.properties = {
          ...answer.properties,
          output_path: {
            type: 'string',
            description: 'The absolute path of the file written (only with `output_path`).',
          },
          written_bytes: { type: 'integer', description: 'Bytes written to `output_path`.' },
        };
        answer.required = answer.required?.filter((name) => name !== output);
        described.outputSchema = answer as McpTool['outputSchema'];
        // It can write a file now: not read-only, but never destructive (no file is replaced),
        // and a repeated call changes nothing more (the second finds the file and is refused).
        described.annotations = {
          ...tool.annotations,
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
        };
      }
      described.description = `${tool.description} Over this local connection, image files can be named by path (${[...inputs.map((f) => `\`${f}_path\``), ...(output ? ['`output_path`'] : [])].join(', ')}).`;
      return described;
    },

    async call(slug, args, invoke) {
      const { inputs, output } = fieldsOf(slug);
      const body = { ...args };
      const fromFiles: string[] = [];
      let destination: string | undefined;
      try {
        for (const field of inputs) {
          const pathField = `${field}_path`;
          if (!(pathField in body)) continue;
          const path = body[pathField];
          delete body[pathField];
          if (body[field] !== undefined)
            throw new FileError(`'${field}' and '${pathField}' exclude each other: send one of them.`);
          body[field] = await readImage(field, path);
          fromFiles.push(field);
        }
        if (output && 'output_path' in body) {
          destination = await checkDestination(body.output_path);
          delete body.output_path;
        }
      } catch (error) {
        if (error instanceof FileError) return refused(error.message);
        throw error;
      }
      const reply = await invoke(body);
      if (reply.status !== 200) {
        // The tool names the field it was given (`'image'`); the caller gave a path.
        if (fromFiles.length === 0 || typeof reply.body.error !== 'string') return reply;
        let message = reply.body.error;
        for (const field of fromFiles) message = message.replaceAll(`'${field}'`, `'${field}_path'`);
        return { ...reply, body: { ...reply.body, error: message } };
      }
      if (!destination || !output || typeof reply.body[output] !== 'string') return reply;
      try {
        const written = await write(destination, reply.body[output]);
        const { [output]: _image, ...rest } = reply.body;
        return { status: 200, body: { ...rest, output_path: destination, written_bytes: written } };
      } catch (error) {
        if (error instanceof FileError) return refused(error.message);
        throw error;
      }
    },
  };
}

/** Why a file operation failed, in words (the code is what Node gives: ENOENT, EACCES…). */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder';
    case 'EEXIST':
      return 'the file already exists (this server never replaces a file)';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return code ?? (error instanceof Error ? error.message : String(error));
  }
}
