// Who may talk to POST /mcp: the Origin and Host checks that MCP's Streamable HTTP transport asks of
// a server (servers MUST validate Origin, against DNS rebinding). Decided before the body is read.
//
// The SDK's own transport options (allowedOrigins, allowedHosts, enableDnsRebindingProtection) are
// deprecated in favour of the server's own middleware, compare Host with its port as an exact
// string, cannot say "the server's own origin" (which depends on the Host the client used), and run
// only after the body has been read: hence this module.
//
// - Origin: a request without one (every non-browser client: SDKs, curl, agents) passes; so does
//   one whose host is the Host the request was sent to (a page of this server) and one in the
//   allow-list (MCP_ALLOWED_ORIGINS, `*` for any). Any other browser page is refused.
// - Host: a loopback name always passes (a rebinding page's Host is its own domain, never
//   `localhost`); so does one in MCP_ALLOWED_HOSTS. When that list is unset, a server bound to a
//   loopback address refuses every other name (what DNS rebinding needs), and a server bound to
//   a public address, which anyone can reach directly anyway, takes any.

/** The configured lists, as loadConfig reads them (config.ts). */
export interface McpAccess {
  /** Normalised origins (`https://app.example`), or `*`. Empty: the server's own origin only. */
  allowedOrigins: readonly string[];
  /** Lower-case host names without port, or `*`. Empty: loopback names only on a loopback bind. */
  allowedHosts: readonly string[];
  /** The address the server binds (HOST); undefined: all interfaces. */
  bind: string | undefined;
}

/** Loopback names and addresses: `localhost`, `*.localhost` (RFC 6761), 127.0.0.0/8, ::1. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === '::1' ||
    name === '::ffff:127.0.0.1'
  );
}

/** `host[:port]` → its lower-case host name and port (undefined when absent); undefined when malformed. */
function splitHost(header: string): { hostname: string; port: string | undefined } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?)(?::(\d{1,5}))?$/i.exec(header.trim());
  return match ? { hostname: match[1]!.toLowerCase(), port: match[2] } : undefined;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** An origin as the configuration and the checks compare it (`scheme://host[:port]`, no default port). */
export function normalOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username)
      return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** Whether `origin` is a page of the host the request was sent to (either scheme: a TLS proxy may sit in front). */
function isOwnOrigin(origin: string, host: { hostname: string; port: string | undefined }): boolean {
  const url = new URL(origin);
  if (url.hostname.toLowerCase() !== host.hostname) return false;
  // No port in Host: the client used its scheme's default, which is the origin's own default.
  return host.port === undefined ? url.port === '' : (url.port || DEFAULT_PORTS[url.protocol]) === host.port;
}

/** Why this request may not use /mcp (one sentence), or undefined when it may. */
export function mcpAccessProblem(access: McpAccess, headers: { host?: string; origin?: string }): string | undefined {
  const host = headers.host === undefined ? undefined : splitHost(headers.host);
  if (headers.host !== undefined && host === undefined)
    return `Forbidden: the Host header ${JSON.stringify(headers.host)} is not a host name.`;
  if (!access.allowedHosts.includes('*')) {
    const listed =
      host !== undefined &&
      (isLoopbackName(host.hostname) || access.allowedHosts.includes(host.hostname.replace(/\.$/, '')));
    const guarded = access.allowedHosts.length > 0 || (access.bind !== undefined && isLoopbackName(access.bind));
    if (guarded && !listed) {
      return `Forbidden: this server answers /mcp for ${access.allowedHosts.length ? 'the host names in MCP_ALLOWED_HOSTS' : 'loopback host names only (it is bound to a loopback address)'}, not for ${host ? `'${host.hostname}'` : 'a request without a Host header'}; add the name to MCP_ALLOWED_HOSTS to allow it.`;
    }
  }
  const origin = headers.origin;
  if (origin === undefined || access.allowedOrigins.includes('*')) return undefined;
  const normal = normalOrigin(origin);
  if (
    normal !== undefined &&
    (access.allowedOrigins.includes(normal) || (host !== undefined && isOwnOrigin(normal, host)))
  )
    return undefined;
  return `Forbidden: pages of the origin ${JSON.stringify(origin)} may not call /mcp; add it to MCP_ALLOWED_ORIGINS to allow it.`;
}
