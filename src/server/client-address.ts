// Who is asking: the address a request is counted against (docs/contract.md §2).
//
// Without TRUST_PROXY the client is the socket's peer, whatever X-Forwarded-For says: anyone
// can write that header, so honouring it by default would let every client reset its own limit.
// With TRUST_PROXY the chain is [...X-Forwarded-For, socket peer] and is read from the RIGHT:
// each proxy appends the address it saw, so only the entries our own proxies wrote can be
// believed. The client is the right-most address that is not one of our proxies; entries left
// of it were written by the client itself and are ignored.
//
// TRUST_PROXY is either a hop count N (N proxies stand in front of this server: skip N hops,
// the socket peer being the first) or a comma-separated list of proxy addresses and CIDR ranges
// (`loopback`, `private` and `uniquelocal` name the usual ranges).
import { BlockList, isIP } from 'node:net';

export type ClientResolver = (socketAddress: string | undefined, forwardedFor: string | string[] | undefined) => string;

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  uniquelocal: ['fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4 seen through a dual-stack socket. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed.toLowerCase();
}

function family(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

function trustedList(spec: string): BlockList {
  const list = new BlockList();
  for (const raw of spec.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const ranges = NAMED_RANGES[entry] ?? [entry];
    for (const range of ranges) {
      const [address = '', prefix] = range.split('/');
      const type = family(normalizeAddress(address));
      if (!type || (prefix !== undefined && !/^\d+$/.test(prefix)))
        throw new Error(`TRUST_PROXY: "${raw.trim()}" is not an address, a CIDR range or a hop count`);
      if (prefix === undefined) list.addAddress(normalizeAddress(address), type);
      else list.addSubnet(normalizeAddress(address), Number(prefix), type);
    }
  }
  return list;
}

/** The chain of addresses, client side first, proxies last, the socket peer at the end. */
function chain(socketAddress: string, forwardedFor: string | string[] | undefined): string[] {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const hops = header ? header.split(',').map(normalizeAddress) : [];
  return [...hops, socketAddress];
}

export function createClientResolver(trustProxy: string | undefined): ClientResolver {
  const spec = trustProxy?.trim().toLowerCase();
  const peer = (socketAddress: string | undefined) => normalizeAddress(socketAddress ?? 'unknown');
  if (!spec || spec === 'false' || spec === '0') return (socketAddress) => peer(socketAddress);
  if (spec === 'true' || spec === 'all') {
    throw new Error(
      "TRUST_PROXY: trusting every hop would let clients choose their own address; give a hop count or the proxies' addresses",
    );
  }

  if (/^\d+$/.test(spec)) {
    const hops = Number(spec);
    return (socketAddress, forwardedFor) => {
      const addresses = chain(peer(socketAddress), forwardedFor);
      // Walk left past N trusted hops, but never onto an entry that is not an address: a
      // garbage entry can only come from the client, who must not mint identities.
      let index = addresses.length - 1;
      for (let skipped = 0; skipped < hops && index > 0 && family(addresses[index - 1]!); skipped++) index--;
      return addresses[index]!;
    };
  }

  const trusted = trustedList(spec);
  return (socketAddress, forwardedFor) => {
    const addresses = chain(peer(socketAddress), forwardedFor);
    let index = addresses.length - 1;
    for (;;) {
      const address = addresses[index]!;
      const type = family(address);
      const isProxy = type !== undefined && trusted.check(address, type);
      if (!isProxy || index === 0 || !family(addresses[index - 1]!)) return address;
      index--;
    }
  };
}

/**
 * The bucket an anonymous client is counted in: its IPv4 address, or the /64 network of an IPv6
 * address, since one subscriber is routinely handed a whole /64 and could otherwise rotate
 * through 2^64 fresh limits.
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  // A dotted IPv4 tail (`64:ff9b::1.2.3.4`) is two groups.
  const hex = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`,
  );
  const [head = '', tail = ''] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = hex.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return (
    groups
      .slice(0, 4)
      .map((group) => (parseInt(group, 16) || 0).toString(16))
      .join(':') + '::/64'
  );
}
