// Encode mode: every token signed here is verified with node:crypto and with openssl (two
// implementations independent of jose), for each algorithm family and each private-key form.
import { execFileSync } from 'node:child_process';
import { constants, createHmac, generateKeyPairSync, verify as nodeVerify, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { decodeBase64url } from '../../lib/base64';
import type { ToolContext } from '../define';
import type { Algorithm } from './schema';
import tool from './tool';

const ctx = { now: () => 0 } as unknown as ToolContext;
const call = (body: Record<string, unknown>) => invoke(tool, body, ctx);
const dir = mkdtempSync(join(tmpdir(), 'jwt-sign-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HASH: Record<string, string> = { '256': 'sha256', '384': 'sha384', '512': 'sha512' };
const PAYLOAD = { sub: 'ada', admin: true, n: [1, 2.5, 'x'], iat: 1700000000, exp: 1700003600 };

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const p521 = generateKeyPairSync('ec', { namedCurve: 'P-521' });
const ed = generateKeyPairSync('ed25519');
const EC: Record<string, typeof p256> = { ES256: p256, ES384: p384, ES512: p521 };

const pkcs8 = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }) as string;
const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }) as string;

/** ECDSA r‖s (JWS) as the DER SEQUENCE openssl reads. */
function derSignature(raw: Uint8Array): Buffer {
  const int = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const body = bytes[i]! & 0x80 ? [0, ...bytes.subarray(i)] : [...bytes.subarray(i)];
    return [0x02, body.length, ...body];
  };
  const half = raw.length / 2;
  const content = [...int(raw.subarray(0, half)), ...int(raw.subarray(half))];
  return Buffer.from([0x30, ...(content.length > 127 ? [0x81, content.length] : [content.length]), ...content]);
}

/** openssl's verdict on a token, given the public key PEM. */
function opensslVerifies(token: string, algorithm: Algorithm, publicPem: string): boolean {
  const dot = token.lastIndexOf('.');
  const data = join(dir, 'data');
  const sig = join(dir, 'sig');
  const pub = join(dir, 'pub.pem');
  writeFileSync(data, token.slice(0, dot));
  writeFileSync(pub, publicPem);
  const raw = decodeBase64url(token.slice(dot + 1));
  if (!raw.ok) return false;
  writeFileSync(sig, algorithm.startsWith('ES') ? derSignature(raw.bytes) : raw.bytes);
  const args =
    algorithm === 'EdDSA'
      ? ['pkeyutl', '-verify', '-pubin', '-inkey', pub, '-rawin', '-in', data, '-sigfile', sig]
      : [
          'dgst',
          `-${HASH[algorithm.slice(2)]}`,
          '-verify',
          pub,
          ...(algorithm.startsWith('PS')
            ? ['-sigopt', 'rsa_padding_mode:pss', '-sigopt', 'rsa_pss_saltlen:digest']
            : []),
          '-signature',
          sig,
          data,
        ];
  try {
    execFileSync('openssl', args, { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

function nodeVerifies(token: string, algorithm: Algorithm, key: KeyObject): boolean {
  const dot = token.lastIndexOf('.');
  const data = Buffer.from(token.slice(0, dot));
  const raw = decodeBase64url(token.slice(dot + 1));
  if (!raw.ok) return false;
  if (algorithm === 'EdDSA') return nodeVerify(null, data, key, raw.bytes);
  const hash = HASH[algorithm.slice(2)]!;
  if (algorithm.startsWith('ES')) return nodeVerify(hash, data, { key, dsaEncoding: 'ieee-p1363' }, raw.bytes);
  if (algorithm.startsWith('PS')) {
    return nodeVerify(
      hash,
      data,
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST },
      raw.bytes,
    );
  }
  return nodeVerify(hash, data, key, raw.bytes);
}

function decodedParts(token: string): unknown[] {
  return token
    .split('.')
    .slice(0, 2)
    .map((part) => {
      const bytes = decodeBase64url(part);
      return bytes.ok ? JSON.parse(new TextDecoder().decode(bytes.bytes)) : undefined;
    });
}

describe('jwt-decoder encode: signatures checked by node:crypto and openssl', () => {
  const asymmetric: [Algorithm, { privateKey: KeyObject; publicKey: KeyObject }][] = [
    ['RS256', rsa],
    ['RS384', rsa],
    ['RS512', rsa],
    ['PS256', rsa],
    ['PS384', rsa],
    ['PS512', rsa],
    ['ES256', p256],
    ['ES384', p384],
    ['ES512', p521],
    ['EdDSA', ed],
  ];
  for (const [algorithm, pair] of asymmetric) {
    it(`${algorithm} with a PKCS#8 PEM and with a private JWK`, async () => {
      for (const secret of [pkcs8(pair.privateKey), JSON.stringify(pair.privateKey.export({ format: 'jwk' }))]) {
        const reply = await call({ mode: 'encode', algorithm, secret, payload: PAYLOAD, header: { kid: 'k1' } });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        const token = reply.body.token as string;
        expect(decodedParts(token)).toEqual([{ alg: algorithm, typ: 'JWT', kid: 'k1' }, PAYLOAD]);
        expect(reply.body.header).toEqual({ alg: algorithm, typ: 'JWT', kid: 'k1' });
        expect(nodeVerifies(token, algorithm, pair.publicKey)).toBe(true);
        expect(opensslVerifies(token, algorithm, spki(pair.publicKey))).toBe(true);
        // The oracles do refuse: a changed payload fails both.
        const forged = token.replace(/\.[^.]+\./, `.${Buffer.from('{"sub":"eve"}').toString('base64url')}.`);
        expect(nodeVerifies(forged, algorithm, pair.publicKey)).toBe(false);
        expect(opensslVerifies(forged, algorithm, spki(pair.publicKey))).toBe(false);
        // And the decoder verifies its own tokens with the public key.
        const back = await call({ token, algorithm, secret: spki(pair.publicKey) });
        expect(back.body.verified).toBe(true);
      }
    });
  }

  it('PKCS#1 (BEGIN RSA PRIVATE KEY) and SEC1 (BEGIN EC PRIVATE KEY) PEMs sign too', async () => {
    const pkcs1 = rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    const rs = await call({ mode: 'encode', algorithm: 'RS256', secret: pkcs1, payload: PAYLOAD });
    expect(nodeVerifies(rs.body.token as string, 'RS256', rsa.publicKey)).toBe(true);
    for (const algorithm of ['ES256', 'ES384', 'ES512'] as const) {
      const sec1 = EC[algorithm]!.privateKey.export({ type: 'sec1', format: 'pem' }) as string;
      const es = await call({ mode: 'encode', algorithm, secret: sec1, payload: PAYLOAD });
      expect(es.status, JSON.stringify(es.body)).toBe(200);
      expect(opensslVerifies(es.body.token as string, algorithm, spki(EC[algorithm]!.publicKey))).toBe(true);
    }
  });

  it('HS256/384/512 match HMAC from node:crypto and openssl, for each secret encoding', async () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef-key', 'utf8');
    for (const algorithm of ['HS256', 'HS384', 'HS512'] as const) {
      for (const [secret, secret_encoding] of [
        [key.toString('utf8'), 'utf8'],
        [key.toString('base64'), 'base64'],
        [key.toString('base64url'), 'base64url'],
        [JSON.stringify({ kty: 'oct', k: key.toString('base64url') }), 'utf8'],
      ] as const) {
        const reply = await call({ mode: 'encode', algorithm, secret, secret_encoding, payload: PAYLOAD });
        const token = reply.body.token as string;
        const input = token.slice(0, token.lastIndexOf('.'));
        const hash = HASH[algorithm.slice(2)]!;
        expect(token.split('.')[2]).toBe(createHmac(hash, key).update(input).digest('base64url'));
        const mac = execFileSync(
          'openssl',
          ['dgst', `-${hash}`, '-mac', 'HMAC', '-macopt', `hexkey:${key.toString('hex')}`, '-binary'],
          { input },
        );
        expect(token.split('.')[2]).toBe(mac.toString('base64url'));
      }
    }
  });
});

describe('jwt-decoder encode: refusals are 400s naming the field', () => {
  const encode = (extra: Record<string, unknown>) => call({ mode: 'encode', payload: { a: 1 }, ...extra });
  it('a public key, a certificate-less public JWK and a shared secret cannot sign RS256', async () => {
    expect((await encode({ algorithm: 'RS256', secret: spki(rsa.publicKey) })).body.error).toMatch(
      /^'secret' is a public key \(PEM PUBLIC KEY\); signing RS256 needs the private key/,
    );
    expect(
      (await encode({ algorithm: 'ES256', secret: JSON.stringify(p256.publicKey.export({ format: 'jwk' })) })).body
        .error,
    ).toMatch(/public JWK.*needs the private key/);
    expect((await encode({ algorithm: 'RS256', secret: 'hunter2' })).status).toBe(400);
  });
  it('a key of the wrong kind names the key and the algorithm', async () => {
    const reply = await encode({ algorithm: 'RS256', secret: pkcs8(p256.privateKey) });
    expect(reply).toEqual({
      status: 400,
      body: { error: "'secret' is an EC P-256 private key, which cannot sign RS256 (it signs ES256)." },
    });
    expect((await encode({ algorithm: 'ES384', secret: pkcs8(p256.privateKey) })).body.error).toMatch(
      /EC P-256 private key, which cannot sign ES384/,
    );
    expect((await encode({ algorithm: 'HS256', secret: pkcs8(p256.privateKey) })).body.error).toMatch(
      /PEM key, which is never used as an HMAC secret/,
    );
  });
  it('a header alg that contradicts algorithm, b64, deep nesting', async () => {
    expect((await encode({ algorithm: 'HS256', secret: 's', header: { alg: 'none' } })).body.error).toBe(
      `'header' has alg "none", but 'algorithm' is "HS256"; leave alg out or make them the same.`,
    );
    expect(
      (await encode({ algorithm: 'HS256', secret: 's', header: { alg: 'HS256', typ: 'at+jwt' } })).body.header,
    ).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    expect((await encode({ secret: 's', header: { b64: false } })).status).toBe(400);
    let deep: unknown = 1;
    for (let i = 0; i < 600; i++) deep = { d: deep };
    expect((await encode({ secret: 's', payload: deep })).body.error).toBe("'payload' nests deeper than 500 levels.");
  });
  it('missing fields per mode read as they always did', async () => {
    expect((await call({})).body.error).toBe("Invalid request: 'token' is required.");
    expect((await call({ mode: 'encode', secret: 's' })).body.error).toBe("Invalid request: 'payload' is required.");
    expect((await call({ mode: 'encode', payload: {} })).body.error).toBe("Invalid request: 'secret' is required.");
    expect((await call({ mode: 'encode', payload: [], secret: 's' })).body.error).toMatch(
      /^Invalid request: 'payload' must be/,
    );
  });
});
