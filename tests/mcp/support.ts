// Connects the MCP SDK's own client to the BUILT MCP server, over stdio (dist-server/mcp-stdio.js
// as a child process) or Streamable HTTP (POST /mcp on dist-server/main.js).
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SERVER_ENTRY, type RunningServer } from '../support/server';

/** The stdio command beside the server build (SERVER_ENTRY may point at another build). */
export const MCP_STDIO_ENTRY = resolve(dirname(SERVER_ENTRY), 'mcp-stdio.js');

export type TransportName = 'stdio' | 'http';

export interface Connected {
  client: Client;
  /** What the server wrote to stderr (stdio only). */
  stderr: () => string;
  close(): Promise<void>;
}

const clientInfo = { name: 'devtoolbox-tests', version: '1.0.0' };

/** The stdio server, started from a directory unrelated to the project, as an agent host would. */
export async function connectStdio(): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MCP_STDIO_ENTRY],
    cwd: tmpdir(),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  const client = new Client(clientInfo);
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

export async function connectHttp(server: RunningServer): Promise<Connected> {
  const client = new Client(clientInfo);
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url)));
  return { client, stderr: () => '', close: () => client.close() };
}

/** The REST answer for the same request: the reference every MCP result must equal. */
export async function rest(
  server: RunningServer,
  slug: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/${slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A tool result's content items, typed loosely for assertions. */
export type Content = { type: string; text?: string; data?: string; mimeType?: string }[];
