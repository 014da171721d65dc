// POST /mcp's Origin and Host checks on the built server (src/server/mcp-origin.ts): what MCP's
// Streamable HTTP transport asks of a server against DNS rebinding and foreign pages. Raw
// node:http requests, because fetch sets Host (and, in a browser, Origin) itself.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'origin-test', version: '0' } },
});

function post(
  server: RunningServer,
  headers: Record<string, string>,
  method = 'POST',
  body: string | null = initialize,
): Promise<Answer> {
  const url = new URL('/mcp', server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

const hostOf = (server: RunningServer) => new URL(server.url).host;
const portOf = (server: RunningServer) => new URL(server.url).port;

function expectRefused(answer: Answer, words: RegExp) {
  expect(answer.status).toBe(403);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { jsonrpc: string; id: null; error: { code: number; message: string } };
  expect(body.jsonrpc).toBe('2.0');
  expect(body.id).toBeNull();
  expect(body.error.code).toBe(-32000);
  expect(body.error.message).toMatch(words);
  // One sentence.
  expect(body.error.message.trim().split(/(?<=\.)\s+(?=[A-Z])/)).toHaveLength(1);
}

const answered = (answer: Answer) => {
  expect(answer.status, answer.body).toBe(200);
  expect((JSON.parse(answer.body) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(
    'devtoolbox',
  );
};

describe('/mcp on a loopback bind (HOST=127.0.0.1), default configuration', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('answers a client that sends no Origin (SDKs, agents, curl)', async () => {
    answered(await post(server, {}));
  });

  it('refuses a page of a foreign origin with 403, a JSON-RPC error and one sentence naming the origin and the setting', async () => {
    expectRefused(
      await post(server, { Origin: 'https://evil.example' }),
      /"https:\/\/evil\.example".*MCP_ALLOWED_ORIGINS/,
    );
    // Its preflight too: the browser never gets to send the call.
    expectRefused(
      await post(server, { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' }, 'OPTIONS', null),
      /evil\.example/,
    );
    // A sandboxed page or a file sends "null": not an origin of this server either.
    expectRefused(await post(server, { Origin: 'null' }), /"null"/);
    // Same host name, another port: another origin.
    expectRefused(
      await post(server, { Origin: `http://127.0.0.1:${Number(portOf(server)) + 1}` }),
      /MCP_ALLOWED_ORIGINS/,
    );
  });

  it("answers the server's own pages (Origin equal to the address the request went to)", async () => {
    answered(await post(server, { Origin: `http://${hostOf(server)}` }));
    answered(await post(server, { Origin: `http://localhost:${portOf(server)}`, Host: `localhost:${portOf(server)}` }));
  });

  it('refuses a Host that is not a loopback name: the DNS-rebinding request, even with a matching Origin', async () => {
    // A rebinding page at http://attacker.example:<port> whose name now resolves to 127.0.0.1.
    const rebound = `attacker.example:${portOf(server)}`;
    expectRefused(
      await post(server, { Host: rebound, Origin: `http://${rebound}` }),
      /loopback.*'attacker\.example'.*MCP_ALLOWED_HOSTS/,
    );
    expectRefused(await post(server, { Host: rebound }), /attacker\.example/);
    // Every loopback spelling is fine.
    for (const host of ['localhost', '127.0.0.1', '[::1]', 'app.localhost'])
      answered(await post(server, { Host: `${host}:${portOf(server)}` }));
  });

  it('does not touch the other paths: /api keeps answering any origin (CORS *)', async () => {
    const url = new URL('/api/base64', server.url);
    const response = await fetch(url, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      body: JSON.stringify({ input: 'hi' }),
    });
    expect(response.status).toBe(200);
  });
});

describe('/mcp with MCP_ALLOWED_ORIGINS and MCP_ALLOWED_HOSTS', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      MCP_ALLOWED_ORIGINS: 'https://agent.example, http://localhost:6274',
      MCP_ALLOWED_HOSTS: 'mcp.example',
    });
  });
  afterAll(() => server?.stop());

  it('answers the listed origins and refuses the others', async () => {
    answered(await post(server, { Origin: 'https://agent.example' }));
    // The preflight a browser sends first: 204 with the CORS headers.
    const preflight = await post(
      server,
      {
        Origin: 'https://agent.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-protocol-version',
      },
      'OPTIONS',
      null,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('mcp-protocol-version');
    answered(await post(server, { Origin: 'http://localhost:6274' }));
    expectRefused(await post(server, { Origin: 'https://agent.example:8443' }), /MCP_ALLOWED_ORIGINS/);
    expectRefused(await post(server, { Origin: 'http://agent.example' }), /MCP_ALLOWED_ORIGINS/);
  });

  it('answers the listed host names (any port) and loopback names, and refuses the others', async () => {
    answered(await post(server, { Host: 'mcp.example' }));
    answered(await post(server, { Host: 'MCP.example:443', Origin: 'https://mcp.example' }));
    answered(await post(server, { Host: `localhost:${portOf(server)}` }));
    expectRefused(await post(server, { Host: 'other.example' }), /MCP_ALLOWED_HOSTS.*'other\.example'/);
  });
});

describe('/mcp on all interfaces (HOST unset)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HOST: '' });
  });
  afterAll(() => server?.stop());

  it('takes any Host (the server is reachable directly anyway) but still refuses foreign origins', async () => {
    answered(await post(server, { Host: 'devtoolbox.example' }));
    answered(await post(server, { Host: 'devtoolbox.example', Origin: 'https://devtoolbox.example' }));
    expectRefused(await post(server, { Host: 'devtoolbox.example', Origin: 'https://evil.example' }), /evil\.example/);
  });
});

describe('a bad list stops the server at start-up, naming the variable', () => {
  it.each([
    ['MCP_ALLOWED_ORIGINS', 'agent.example'],
    ['MCP_ALLOWED_ORIGINS', 'https://agent.example/path'],
    ['MCP_ALLOWED_HOSTS', 'mcp.example:8080'],
  ])('%s=%s', async (name, value) => {
    const started = await startServer({ [name]: value }).catch((error: Error) => error);
    if (!(started instanceof Error)) await started.stop(); // started after all: the test fails below
    expect(String(started)).toMatch(new RegExp(`${name} must be a comma-separated list`));
  });
});
