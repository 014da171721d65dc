// The /mcp Origin and Host rules (src/server/mcp-origin.ts) on their own; the built server's
// answers are in tests/mcp/origin.test.ts.
import { describe, expect, it } from 'vitest';
import { isLoopbackName, mcpAccessProblem, normalOrigin, type McpAccess } from '../../src/server/mcp-origin';
import { ConfigError, loadConfig } from '../../src/server/config';

const loopback: McpAccess = { allowedOrigins: [], allowedHosts: [], bind: '127.0.0.1' };
const everywhere: McpAccess = { allowedOrigins: [], allowedHosts: [], bind: undefined };

describe('mcpAccessProblem', () => {
  it('lets non-browser clients through and compares an Origin with the Host it was sent to', () => {
    expect(mcpAccessProblem(loopback, { host: 'localhost:8787' })).toBeUndefined();
    expect(mcpAccessProblem(loopback, { host: 'localhost:8787', origin: 'http://localhost:8787' })).toBeUndefined();
    expect(mcpAccessProblem(loopback, { host: 'localhost:8787', origin: 'http://localhost:8788' })).toMatch(
      /http:\/\/localhost:8788/,
    );
    expect(mcpAccessProblem(loopback, { host: 'localhost:8787', origin: 'http://127.0.0.1:8787' })).toMatch(
      /MCP_ALLOWED_ORIGINS/,
    );
    // Default ports: Host without a port matches the origin's scheme default; with one, the number.
    expect(mcpAccessProblem(everywhere, { host: 'tools.example', origin: 'https://tools.example' })).toBeUndefined();
    expect(
      mcpAccessProblem(everywhere, { host: 'tools.example:443', origin: 'https://tools.example' }),
    ).toBeUndefined();
    expect(mcpAccessProblem(everywhere, { host: 'tools.example:80', origin: 'https://tools.example' })).toMatch(
      /Forbidden/,
    );
    expect(mcpAccessProblem(everywhere, { host: 'tools.example', origin: 'https://tools.example.evil' })).toMatch(
      /Forbidden/,
    );
    expect(mcpAccessProblem(everywhere, { host: 'tools.example', origin: 'null' })).toMatch(/"null"/);
    expect(mcpAccessProblem(everywhere, { host: 'tools.example', origin: 'chrome-extension://abc' })).toMatch(
      /Forbidden/,
    );
  });

  it('on a loopback bind takes loopback host names only, unless listed', () => {
    for (const host of [
      'localhost',
      'LOCALHOST:1',
      'a.localhost',
      '127.0.0.1:80',
      '127.1.2.3',
      '[::1]:8787',
      'localhost.',
    ]) {
      expect(mcpAccessProblem(loopback, { host }), host).toBeUndefined();
    }
    for (const host of ['evil.example', 'localhost.evil.example', '127.0.0.1.evil.example', '10.0.0.1']) {
      expect(mcpAccessProblem(loopback, { host }), host).toMatch(/loopback/);
    }
    expect(mcpAccessProblem(loopback, {})).toMatch(/without a Host header/);
    expect(
      mcpAccessProblem({ ...loopback, allowedHosts: ['proxy.example'] }, { host: 'proxy.example:443' }),
    ).toBeUndefined();
    expect(mcpAccessProblem({ ...loopback, allowedHosts: ['*'] }, { host: 'any.example' })).toBeUndefined();
  });

  it('bound elsewhere takes any well-formed Host unless a list is set', () => {
    expect(mcpAccessProblem(everywhere, { host: 'anything.example' })).toBeUndefined();
    expect(mcpAccessProblem(everywhere, { host: 'bad host' })).toMatch(/is not a host name/);
    expect(mcpAccessProblem({ ...everywhere, allowedHosts: ['mcp.example'] }, { host: 'other.example' })).toMatch(
      /MCP_ALLOWED_HOSTS.*'other\.example'/,
    );
    expect(mcpAccessProblem({ ...everywhere, allowedHosts: ['mcp.example'] }, { host: 'localhost' })).toBeUndefined();
  });

  it('listed origins are matched normalised; * takes any', () => {
    const listed = { ...everywhere, allowedOrigins: [normalOrigin('https://Agent.example:443/')!] };
    expect(listed.allowedOrigins).toEqual(['https://agent.example']);
    expect(mcpAccessProblem(listed, { host: 'x.example', origin: 'https://agent.example' })).toBeUndefined();
    expect(
      mcpAccessProblem(
        { ...everywhere, allowedOrigins: ['*'] },
        { host: 'x.example', origin: 'https://whoever.example' },
      ),
    ).toBeUndefined();
  });
});

describe('loadConfig: MCP_ALLOWED_ORIGINS and MCP_ALLOWED_HOSTS', () => {
  const load = (env: Record<string, string>) => loadConfig({ HEAVY_WORKERS: '0', ...env });
  it('reads comma-separated lists, normalised, and refuses malformed entries naming the variable', () => {
    expect(load({}).mcpAllowedOrigins).toEqual([]);
    expect(load({ MCP_ALLOWED_ORIGINS: ' https://a.example , http://localhost:6274,*' }).mcpAllowedOrigins).toEqual([
      'https://a.example',
      'http://localhost:6274',
      '*',
    ]);
    expect(load({ MCP_ALLOWED_HOSTS: 'MCP.example,[::1]' }).mcpAllowedHosts).toEqual(['mcp.example', '[::1]']);
    for (const [name, value] of [
      ['MCP_ALLOWED_ORIGINS', 'a.example'],
      ['MCP_ALLOWED_ORIGINS', 'ftp://a.example'],
      ['MCP_ALLOWED_HOSTS', 'a.example:80'],
      ['MCP_ALLOWED_HOSTS', 'http://a.example'],
    ]) {
      expect(() => load({ [name!]: value! }), value).toThrow(ConfigError);
      expect(() => load({ [name!]: value! }), value).toThrow(new RegExp(`^${name} must be`));
    }
  });

  it('isLoopbackName', () => {
    expect(['localhost', '::1', '[::1]', '127.0.0.1', 'x.localhost'].every(isLoopbackName)).toBe(true);
    expect(['0.0.0.0', '::', 'example.com', '128.0.0.1'].some(isLoopbackName)).toBe(false);
  });
});
