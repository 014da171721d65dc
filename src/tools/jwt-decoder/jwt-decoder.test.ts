// Unit tests of the JWT decoder. Every signature is made here with node:crypto (an independent
// implementation), never with jose, and every fixed vector is re-verified with node:crypto.
import {
  X509Certificate,
  constants,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as nodeSign,
  verify as nodeVerify,
  type KeyObject,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import type { ToolContext } from '../define';
import { checkCase } from '../../../tests/match';
import { decodeBase64url, encodeBase64 } from '../../lib/base64';
import cases from './cases';
import { readCertificateSpki, readSpki, spkiFromPkcs1 } from './der';
import { characterPosition as position } from '../../lib/text-position';
import { quote } from './messages';
import { ALGORITHMS, type Algorithm } from './schema';
import { MAX_DEPTH } from './token';
import tool from './tool';
import * as v from './vectors';
import { prng } from '../../../tests/support/prng';

/** Test-only keys of the certificates in vectors.ts (openssl req -x509 -nodes). */
const RSA_CERT_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDrZNGYJOT56nfI
g97AkOxsKsH8RO8EJF07YLapbQrHbTNIePxicV02r7rRttcXSGPEmR92y9p1l6D6
B4oG2TrqNJejZTNIIv1T2cQRVB2xHUAfmer1ZNIQ/k3TAOiacpVEEMEpMfsU3HMA
Rp1my/DAskdertQTxBJYwit1yx82I4v5j4C3aBguuIxwzVZGb23kdBKFph7m6aBH
OPqAXFWjrsAKlqav3MPPp1IlRNmXPX2pRHYOpC2jyQnirvtIwWM5d719DUP5jHt0
5uaNEz13A6JvwdabmZM++0vEHyNaMEb8VAS5e41RVbfsbg4Az4lku+uQKRMkfp7X
4NKDln/DAgMBAAECgf9OxRize6Uj/FIZHLJtvhFfdkTJJkgqxVXC3kTsbTuDgLH9
49PmcrO+mQ+VyJmG27KHF2EatRy6561L/eSHu377i0iIZP/EI/FMcz1+jvy18r6C
f1R2HvGCE5dMr1Z8WIZFQKtiyFbnpDLXj3Rx8cz0BAnd+qL9T59+vtB279csm2mS
Keopv3iC9zSu07kJrWrA1AWxyQ7VAZCApY1D5iByLxXjdkVlClALni1emo2ijuzp
EaJc4javCTZxilzghG5FKPCsERcft50fzNGe0N6GQ2htLN+oVuvrox7CIOL52xPi
dS2DjiJgLRZR/jMQRi+YVwNXZN4zAd2/Pv5gIRECgYEA+q1IzT2P/6aGqHX0vJXa
ngG2+9AfIOFcBXo7aRkZcVK7w3Afbn52K5vIpZeSTJyhsDxuz8lhhQ/N62fZNiK3
FHQV3BmVhiAEm+VDex1BqjBvuIPCzcD2JKpUi9z2xNWHZ1VoMpKPIC8NWB2AONCQ
Ap14F/4q5IraJ2G/7UIti/kCgYEA8GR0ESEz1gNnh2VU5cxFwaY9QvfYar6jVIyb
yXLdHQ9GEU4fFcHm+JG2KhnOrCQcnjQSxtkhD3lWExX4N3MZU2P9pCG0N80oCOAV
JXLnBc6mC7hyrrUlMAuCxLKd+ZlaBUiu3y+wtw1u1dujkEm6TGYRMycwW6T48LmH
RgNIwJsCgYEAsx2WY3CVr+phVYXTNd0ttLEs+okfdPMSOae5Q8N3do3TNDatftpF
vas2l3vSQYO51J+Z3kbas6UzUf2GKzRq9OZtqDNvr8K5CFus+A9TmDO74G/lhfdW
6aP7fWSJvuOEOMXCCkDGnAyC0G9j6zS7ceLqqNon891zO6iQ5wreWKECgYBvJxOf
5AlS2KojKdCSnNxYSSSkdXNFEDb3XjiechUZXbmZQNUQu2Kv5rgjSWGNqPjukcdo
2Hb377PECXGHOhoou+BI5yiscJklWW+NrE50GfQfET891xaF25ywlKKFCcpdDRmG
q0d7rKNmETPVALI6pysmyuUKSwKsVCzfS591JwKBgQDRmS+ZsmHIvvhud8glbcKE
O8Qlf/NrUsTWx8r8b1rJajlgKHZrFJJImztuM7feVy216KWgxAmhFDOW7dS/1qMo
qkkrjeUU7LiFWAinXkC4geaj34Sz7pPigwQOhZXRU9xHghd63afoufRD7KPmoKcI
/xPcl45z08fm2/cO1tNIvA==
-----END PRIVATE KEY-----
`;
const EC_CERT_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgOlSCfZbkf242EIyp
zU/MMX+SqpJmC/XaGdJ4t1FEn3ChRANCAARGV0krO7WzFbjLpqcF3VXaKHess3kS
AzNCVgMvL5gj7a6fZpUbBRSHHYCtkx3RAgl1bjNUnHOx8ChRpvZ8kZcK
-----END PRIVATE KEY-----
`;

const NOW = 1_750_000_000_000; // 2025-06-15T15:06:40Z
const fixedContext: ToolContext = { now: () => NOW, randomBytes: (bytes) => bytes.fill(7) };

const b64u = (data: string | Uint8Array) => Buffer.from(data).toString('base64url');
const segment = (value: unknown) => b64u(JSON.stringify(value));

type Reply = { status: number; body: Record<string, unknown> };

/** Calls the tool through the shared validate → run → reply path and checks the output schema. */
async function call(body: Record<string, unknown>, context: ToolContext = fixedContext): Promise<Reply> {
  const reply = await invoke(tool, body, context);
  if (reply.status === 200) {
    const parsed = tool.output.safeParse(reply.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  }
  return reply;
}

async function verifyWith(token: string, secret: string, algorithm: Algorithm): Promise<Record<string, unknown>> {
  const reply = await call({ token, secret, algorithm });
  expect(reply.status).toBe(200);
  expect(reply.body.valid_structure).toBe(true);
  return reply.body;
}

const HASH: Record<string, string> = { 256: 'sha256', 384: 'sha384', 512: 'sha512' };

/** Signs header.payload for `alg` with node:crypto; `key` is a KeyObject or an HMAC secret. */
function signWithNode(alg: string, signingInput: string, key: KeyObject | string | Buffer): string {
  const data = Buffer.from(signingInput);
  const hash = HASH[alg.slice(2)]!;
  let signature: Buffer;
  if (alg.startsWith('HS'))
    signature = createHmac(hash, key as string)
      .update(data)
      .digest();
  else if (alg.startsWith('RS')) signature = nodeSign(hash, data, key as KeyObject);
  else if (alg.startsWith('PS')) {
    signature = nodeSign(hash, data, {
      key: key as KeyObject,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: Number(alg.slice(2)) / 8,
    });
  } else if (alg.startsWith('ES'))
    signature = nodeSign(hash, data, { key: key as KeyObject, dsaEncoding: 'ieee-p1363' });
  else signature = nodeSign(null, data, key as KeyObject);
  return b64u(signature);
}

function makeToken(
  alg: string,
  payload: unknown,
  key: KeyObject | string | Buffer,
  header: Record<string, unknown> = { alg, typ: 'JWT' },
): string {
  const input = `${segment(header)}.${segment(payload)}`;
  return `${input}.${signWithNode(alg, input, key)}`;
}

/** Verifies a compact JWS with node:crypto alone: the independent reference. */
function nodeVerifies(token: string, alg: string, key: KeyObject | string | Buffer): boolean {
  const [header, payload, signature] = token.split('.');
  const data = Buffer.from(`${header}.${payload}`);
  const sig = Buffer.from(signature!, 'base64url');
  const hash = HASH[alg.slice(2)]!;
  if (alg.startsWith('HS'))
    return createHmac(hash, key as string)
      .update(data)
      .digest()
      .equals(sig);
  if (alg.startsWith('RS')) return nodeVerify(hash, data, key as KeyObject, sig);
  if (alg.startsWith('PS'))
    return nodeVerify(
      hash,
      data,
      { key: key as KeyObject, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(alg.slice(2)) / 8 },
      sig,
    );
  if (alg.startsWith('ES')) return nodeVerify(hash, data, { key: key as KeyObject, dsaEncoding: 'ieee-p1363' }, sig);
  return nodeVerify(null, data, key as KeyObject, sig);
}

const spkiPem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }) as string;
const jwkText = (key: KeyObject) => JSON.stringify(key.export({ format: 'jwk' }));

/** A fresh key pair for each asymmetric algorithm (generated once per run). */
const pairs = (() => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    RS256: rsa,
    RS384: rsa,
    RS512: rsa,
    PS256: rsa,
    PS384: rsa,
    PS512: rsa,
    ES256: generateKeyPairSync('ec', { namedCurve: 'P-256' }),
    ES384: generateKeyPairSync('ec', { namedCurve: 'P-384' }),
    ES512: generateKeyPairSync('ec', { namedCurve: 'P-521' }),
    EdDSA: generateKeyPairSync('ed25519'),
  } as Record<string, { publicKey: KeyObject; privateKey: KeyObject }>;
})();
const otherRsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherPairs: Record<string, { publicKey: KeyObject; privateKey: KeyObject }> = {
  ...Object.fromEntries(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'].map((a) => [a, otherRsa])),
  ES256: generateKeyPairSync('ec', { namedCurve: 'P-256' }),
  ES384: generateKeyPairSync('ec', { namedCurve: 'P-384' }),
  ES512: generateKeyPairSync('ec', { namedCurve: 'P-521' }),
  EdDSA: generateKeyPairSync('ed25519'),
};

// ---------------------------------------------------------------------------------------------

describe('golden cases (cases.ts) through invoke', () => {
  it.each(cases.map((tc) => [tc.name, tc] as const))('%s', async (_name, tc) => {
    const reply = await call(tc.body as Record<string, unknown>, { now: () => Date.now(), randomBytes: (b) => b });
    checkCase(tc, reply.status, reply.body);
  });
});

it('the documented examples decode, and verify when they carry a key (signing ones give a token that verifies)', async () => {
  for (const example of tool.examples) {
    const { status, body } = await call(example.input);
    expect(status).toBe(200);
    expect(body.valid_structure).toBe(true);
    if (example.input.mode === 'encode') {
      const back = await call({ token: body.token, secret: example.input.secret, algorithm: example.input.algorithm });
      expect(back.body.verified).toBe(true);
      continue;
    }
    expect(body.verified).toBe(example.input.secret ? true : undefined);
  }
});

describe('the fixed vectors verify with node:crypto (independent reference)', () => {
  it('published HMAC vectors', () => {
    expect(nodeVerifies(v.JWT_IO_HS256, 'HS256', 'your-256-bit-secret')).toBe(true);
    expect(nodeVerifies(v.JWT_PWN_HS384, 'HS384', '1234')).toBe(true);
    expect(nodeVerifies(v.JWT_PWN_HS512, 'HS512', '1234')).toBe(true);
    // RFC 7515 A.1 and RFC 7520 §4.4 with their published binary keys, in both Base64 forms.
    expect(nodeVerifies(v.RFC7515_HS256, 'HS256', Buffer.from(v.RFC7515_HS256_JWK.k, 'base64url'))).toBe(true);
    expect(Buffer.from(v.RFC7515_HS256_BASE64, 'base64').equals(Buffer.from(v.RFC7515_HS256_JWK.k, 'base64url'))).toBe(
      true,
    );
    expect(nodeVerifies(v.RFC7520_HS256, 'HS256', Buffer.from(v.RFC7520_OCT_JWK.k, 'base64url'))).toBe(true);
    expect(Buffer.from(v.RFC7520_HS256.split('.')[1]!, 'base64url').toString()).toMatch(
      /^It’s a dangerous business, Frodo/,
    );
    expect(nodeVerifies(v.RFC7515_HS256, 'HS256', Buffer.from(v.RFC7515_HS256_JWK.k, 'base64url'))).toBe(true);
    expect(nodeVerifies(v.CONFUSION_HS256, 'HS256', v.RFC7515_RSA_SPKI)).toBe(true);
  });

  it("RFC 7515 A.2 / A.3 and RFC 8037 A.4 with the RFCs' JWKs, and the PEM forms are the same key", () => {
    const rsa = createPublicKey({ key: v.RFC7515_RSA_JWK, format: 'jwk' });
    expect(nodeVerifies(v.RFC7515_RS256, 'RS256', rsa)).toBe(true);
    expect(createPublicKey(v.RFC7515_RSA_SPKI).equals(rsa)).toBe(true);
    expect(createPublicKey(v.RFC7515_RSA_PKCS1).equals(rsa)).toBe(true);
    expect(nodeVerifies(v.RFC7515_ES256, 'ES256', createPublicKey({ key: v.RFC7515_EC_JWK, format: 'jwk' }))).toBe(
      true,
    );
    const ed = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' },
      format: 'jwk',
    });
    expect(nodeVerifies(v.RFC8037_EDDSA, 'EdDSA', ed)).toBe(true);
  });

  it('the RS256 token with a kid, and the certificate key as a JWK', () => {
    const key = createPublicKey({ key: v.RSA_CERT_JWK, format: 'jwk' });
    expect(key.export({ type: 'spki', format: 'pem' })).toBe(v.RSA_SPKI);
    expect(nodeVerifies(v.KID_RS256, 'RS256', key)).toBe(true);
  });

  it('the generated vectors', () => {
    const rsaCert = new X509Certificate(v.RSA_CERT);
    const ecCert = new X509Certificate(v.EC_CERT);
    expect(rsaCert.publicKey.equals(createPublicKey(v.RSA_SPKI))).toBe(true);
    expect(rsaCert.publicKey.equals(createPublicKey(createPrivateKey(RSA_CERT_KEY)))).toBe(true);
    expect(ecCert.publicKey.equals(createPublicKey(createPrivateKey(EC_CERT_KEY)))).toBe(true);
    expect(nodeVerifies(v.CERT_RS256, 'RS256', rsaCert.publicKey)).toBe(true);
    expect(nodeVerifies(v.CERT_ES256, 'ES256', ecCert.publicKey)).toBe(true);
    expect(nodeVerifies(v.PS256, 'PS256', createPublicKey(v.RSA_SPKI))).toBe(true);
    expect(nodeVerifies(v.EDDSA, 'EdDSA', createPublicKey({ key: v.ED25519_JWK, format: 'jwk' }))).toBe(true);
    expect(nodeVerifies(v.ES512, 'ES512', createPublicKey(v.P521_SPKI))).toBe(true);
    const small = createPublicKey(v.RSA1024_SPKI);
    expect(small.asymmetricKeyDetails?.modulusLength).toBe(1024);
    expect(nodeVerifies(v.RS256_1024, 'RS256', small)).toBe(true);
  });
});

describe('every algorithm, signed here with node:crypto', () => {
  const claims = { sub: 'user-42', admin: false, exp: 32503680000, nbf: 32503680000 };

  it.each(ALGORITHMS.filter((a) => a.startsWith('HS')))(
    '%s: right secret, wrong secret, tampering, mismatch',
    async (alg) => {
      const secret = `secret for ${alg} ✓`; // non-ASCII: the secret is its UTF-8 bytes
      const token = makeToken(alg, claims, secret);
      expect(await verifyWith(token, secret, alg)).toMatchObject({ verified: true, expired: false });
      expect(await verifyWith(token, `${secret} `, alg)).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/does not match/),
      });
      const [h, , s] = token.split('.');
      const tampered = `${h}.${segment({ ...claims, admin: true })}.${s}`;
      expect(await verifyWith(tampered, secret, alg)).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/does not match/),
      });
      const other = alg === 'HS256' ? 'HS512' : 'HS256';
      expect(await verifyWith(token, secret, other)).toMatchObject({
        verified: false,
        verification_error: expect.stringContaining(`"${alg}"`),
      });
    },
  );

  it.each(ALGORITHMS.filter((a) => !a.startsWith('HS')))(
    '%s: SPKI PEM and JWK verify; tampering, wrong key and mismatch do not',
    async (alg) => {
      const { publicKey, privateKey } = pairs[alg]!;
      const token = makeToken(alg, claims, privateKey);
      expect(nodeVerifies(token, alg, publicKey)).toBe(true);
      expect(await verifyWith(token, spkiPem(publicKey), alg)).toEqual({
        header: { alg, typ: 'JWT' },
        payload: claims,
        signature: token.split('.')[2],
        valid_structure: true,
        verified: true,
        expired: false,
      });
      expect(await verifyWith(token, jwkText(publicKey), alg)).toMatchObject({ verified: true });

      const [h, p, s] = token.split('.');
      const tamperedPayload = `${h}.${segment({ ...claims, admin: true })}.${s}`;
      expect(await verifyWith(tamperedPayload, spkiPem(publicKey), alg)).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/does not match/),
      });
      const sig = Buffer.from(s!, 'base64url');
      sig[sig.length - 1]! ^= 1;
      expect(await verifyWith(`${h}.${p}.${b64u(sig)}`, spkiPem(publicKey), alg)).toMatchObject({ verified: false });
      expect(await verifyWith(token, spkiPem(otherPairs[alg]!.publicKey), alg)).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/does not match/),
      });

      // Same key family, other algorithm: the header decides, so it is a mismatch.
      const sibling =
        alg === 'EdDSA' ? 'ES256' : alg.endsWith('256') ? alg.replace('256', '384') : alg.replace(/\d+$/, '256');
      expect(await verifyWith(token, spkiPem(publicKey), sibling as Algorithm)).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/^Algorithm mismatch/),
      });
    },
  );

  it('RS and PS with the same RSA key are not interchangeable', async () => {
    const { publicKey, privateKey } = pairs.RS256!;
    const input = `${segment({ alg: 'PS256' })}.${segment({ a: 1 })}`;
    const pkcs1Signed = `${input}.${signWithNode('RS256', input, privateKey)}`; // labelled PS256, signed PKCS#1 v1.5
    expect(await verifyWith(pkcs1Signed, spkiPem(publicKey), 'PS256')).toMatchObject({
      verified: false,
      verification_error: expect.stringMatching(/does not match/),
    });
  });

  it('a PSS-restricted RSA key (RFC 4055 SPKI) verifies PS* only', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    const token = makeToken('PS384', { a: 1 }, privateKey);
    expect(await verifyWith(token, spkiPem(publicKey), 'PS384')).toMatchObject({ verified: true });
    const rs = makeToken('RS256', { a: 1 }, createPrivateKey(RSA_CERT_KEY));
    expect(await verifyWith(rs, spkiPem(publicKey), 'RS256')).toMatchObject({
      verification_error: expect.stringMatching(
        /RSA-PSS public key, which cannot verify RS256 \(it verifies PS256, PS384 or PS512\)/,
      ),
    });
  });

  it('expiry and not-before never change verified', async () => {
    const { publicKey, privateKey } = pairs.ES256!;
    const past = makeToken('ES256', { exp: 1, nbf: 0 }, privateKey);
    expect(await verifyWith(past, spkiPem(publicKey), 'ES256')).toMatchObject({ verified: true, expired: true });
    const future = makeToken('ES256', { nbf: 32503680000 }, privateKey);
    const body = await verifyWith(future, spkiPem(publicKey), 'ES256');
    expect(body).toMatchObject({ verified: true });
    expect(body).not.toHaveProperty('expired');
  });
});

describe('algorithm confusion is refused', () => {
  const { publicKey } = pairs.RS256!;
  const pem = spkiPem(publicKey);

  it.each(['HS256', 'HS384', 'HS512'] as const)(
    '%s token MACed with the public PEM (or its JWK) never verifies',
    async (alg) => {
      const token = makeToken(alg, { admin: true }, pem);
      expect(nodeVerifies(token, alg, pem)).toBe(true); // the attack token is genuine HMAC
      expect(await verifyWith(token, pem, alg)).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/PEM key/),
      });
      expect(await verifyWith(token, `\n${pem}`, alg)).toMatchObject({ verified: false });
      const jwk = jwkText(publicKey);
      expect(await verifyWith(makeToken(alg, { admin: true }, jwk), jwk, alg)).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/JWK/),
      });
      // The verifier that expects RS256 sees the swapped alg as a mismatch.
      expect(await verifyWith(token, pem, 'RS256')).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/mismatch.*"HS/),
      });
    },
  );

  it.each(ALGORITHMS.filter((a) => !a.startsWith('HS')))('%s never takes a shared secret', async (alg) => {
    const token = makeToken(alg, { a: 1 }, pairs[alg]!.privateKey);
    expect(await verifyWith(token, 'a shared secret', alg)).toMatchObject({
      verified: false,
      verification_error: expect.stringMatching(/must be a public key/),
    });
    expect(await verifyWith(token, JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }), alg)).toMatchObject({
      verification_error: expect.stringMatching(/symmetric/),
    });
  });

  it('the unsecured alg none never verifies, even with an empty signature expected', async () => {
    const token = `${segment({ alg: 'none' })}.${segment({ admin: true })}.`;
    for (const alg of ALGORITHMS)
      expect(await verifyWith(token, 'x', alg)).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(/"none"/),
      });
  });

  it('keys of the wrong family are named', async () => {
    const ec = pairs.ES256!;
    const token = makeToken('ES384', { a: 1 }, pairs.ES384!.privateKey);
    expect(await verifyWith(token, spkiPem(ec.publicKey), 'ES384')).toMatchObject({
      verification_error: 'The key is an EC P-256 public key, which cannot verify ES384 (it verifies ES256).',
    });
    const ed = makeToken('EdDSA', { a: 1 }, pairs.EdDSA!.privateKey);
    expect(await verifyWith(ed, spkiPem(pairs.RS256!.publicKey), 'EdDSA')).toMatchObject({
      verification_error: expect.stringMatching(/RSA public key, which cannot verify EdDSA/),
    });
    const x25519 = generateKeyPairSync('x25519').publicKey;
    expect(await verifyWith(ed, spkiPem(x25519), 'EdDSA')).toMatchObject({
      verification_error:
        'The key is an X25519 public key, which cannot verify EdDSA (no supported algorithm uses it).',
    });
    const k1 = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey;
    const es = makeToken('ES256', { a: 1 }, pairs.ES256!.privateKey);
    expect(await verifyWith(es, spkiPem(k1), 'ES256')).toMatchObject({
      verification_error: expect.stringMatching(/EC secp256k1 public key.*no supported algorithm/),
    });
  });
});

describe('certificates and PEM forms', () => {
  const rsaKey = createPrivateKey(RSA_CERT_KEY);
  const ecKey = createPrivateKey(EC_CERT_KEY);

  it.each(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'] as const)(
    '%s with the RSA certificate',
    async (alg) => {
      const token = makeToken(alg, { sub: 'c' }, rsaKey);
      expect(await verifyWith(token, v.RSA_CERT, alg)).toMatchObject({ verified: true });
    },
  );

  it('ES256 with the EC certificate, and a chain uses its first certificate', async () => {
    const token = makeToken('ES256', { sub: 'c' }, ecKey);
    expect(await verifyWith(token, v.EC_CERT, 'ES256')).toMatchObject({ verified: true });
    expect(await verifyWith(token, `${v.EC_CERT}${v.RSA_CERT}`, 'ES256')).toMatchObject({ verified: true });
    expect(await verifyWith(token, `${v.RSA_CERT}${v.EC_CERT}`, 'ES256')).toMatchObject({
      verification_error: expect.stringMatching(/RSA public key/),
    });
  });

  it('PEM layout does not matter: CRLF, one line, surrounding blank space', async () => {
    const token = makeToken('RS256', { sub: 'c' }, rsaKey);
    const body = v.RSA_SPKI.split('\n').slice(1, -2).join('');
    for (const pem of [
      v.RSA_SPKI.replace(/\n/g, '\r\n'),
      `-----BEGIN PUBLIC KEY-----${body}-----END PUBLIC KEY-----`,
      `\n\n  ${v.RSA_SPKI}  \n`,
    ]) {
      expect(await verifyWith(token, pem, 'RS256')).toMatchObject({ verified: true });
    }
  });

  it('broken PEMs get a sentence, never a crash', async () => {
    const token = makeToken('RS256', { sub: 'c' }, rsaKey);
    const lines = v.RSA_SPKI.split('\n');
    const expectations: [string, RegExp][] = [
      [v.RSA_SPKI.replace('-----END PUBLIC KEY-----', ''), /no matching '-----END/],
      [v.RSA_SPKI.replace('MIIB', 'MI_B'), /not valid Base64/],
      [v.RSA_SPKI.replace('MIIB', 'MI=B'), /not valid Base64/],
      [[lines[0], lines[1]!.slice(0, 40), lines.at(-2)].join('\n'), /malformed/],
      [v.RSA_CERT.replace('MIIDITCC', 'MIIDITCD'), /malformed|not a valid/],
      ['-----BEGIN SOMETHING-----\nAAAA\n-----END SOMETHING-----', /PEM "SOMETHING" block/],
      [RSA_CERT_KEY, /private key \(PRIVATE KEY\)/],
      ['-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----', /private key \(EC PRIVATE KEY\)/],
      ['-----BEGIN PUBLIC KEY-----\n\n-----END PUBLIC KEY-----', /not valid Base64/],
    ];
    for (const [pem, message] of expectations) {
      expect(await verifyWith(token, pem, 'RS256'), pem).toMatchObject({
        verified: false,
        verification_error: expect.stringMatching(message),
      });
    }
  });
});

describe('JWK and JWK Set', () => {
  const { publicKey, privateKey } = pairs.ES256!;
  const jwk = publicKey.export({ format: 'jwk' }) as Record<string, string>;
  const token = makeToken('ES256', { a: 1 }, privateKey, { alg: 'ES256', kid: 'key-2' });

  it('extra public members are fine; use/alg/key_ops must allow verifying', async () => {
    const verdict = async (key: unknown) => verifyWith(token, JSON.stringify(key), 'ES256');
    expect(
      await verdict({ ...jwk, kid: 'key-2', use: 'sig', alg: 'ES256', key_ops: ['verify'], x5t: 'abc' }),
    ).toMatchObject({ verified: true });
    expect(await verdict({ ...jwk, use: 'enc' })).toMatchObject({
      verification_error: expect.stringMatching(/"use" is "enc"/),
    });
    expect(await verdict({ ...jwk, key_ops: ['sign'] })).toMatchObject({
      verification_error: expect.stringMatching(/key_ops/),
    });
    expect(await verdict({ ...jwk, alg: 'ES384' })).toMatchObject({
      verification_error: expect.stringMatching(/restricted to alg "ES384"/),
    });
    expect(await verdict(privateKey.export({ format: 'jwk' }))).toMatchObject({
      verification_error: expect.stringMatching(/private key \(it has "d"\)/),
    });
  });

  it('missing, non-base64url and invalid members', async () => {
    const verdict = async (key: unknown) => (await verifyWith(token, JSON.stringify(key), 'ES256')).verification_error;
    expect(await verdict({ ...jwk, y: undefined })).toMatch(/no "y" member/);
    expect(await verdict({ ...jwk, x: 'a+b' })).toMatch(/"x" member is not base64url/);
    expect(await verdict({ ...jwk, x: jwk.y })).toMatch(
      /malformed: its members do not form a valid EC P-256 public key/,
    );
    expect(await verdict({ ...jwk, crv: 'P-384' })).toMatch(/EC P-384 public key, which cannot verify ES256/);
    expect(await verdict({ kty: 'XYZ' })).toMatch(/unsupported type/);
    expect(await verdict({ ...jwk, crv: undefined })).toBe(
      'The key is an EC public key on an unknown curve, which cannot verify ES256 (no supported algorithm uses it).',
    );
    expect(await verdict({ ...jwk, crv: 'P-256 ' })).toMatch(/an EC "P-256 " public key/);
    expect(await verdict({ ...jwk, alg: { toString: 1, valueOf: 1 } })).toMatch(
      /restricted to alg a non-string \(object\)/,
    );
    expect(await verdict({ ...jwk, use: null })).toMatch(/"use" is a non-string \(null\)/);
    expect(await verdict({ foo: 1 })).toMatch(/no "kty" member/);
    expect(await verdict([jwk])).toMatch(/must be a public key/); // only '{…}' is read as a JWK
    expect((await verifyWith(token, '{not json', 'ES256')).verification_error).toMatch(/not a JSON object/);
  });

  it("a set picks the key by the token's kid", async () => {
    const other = otherPairs.ES256!.publicKey.export({ format: 'jwk' });
    const set = {
      keys: [
        { ...other, kid: 'key-1' },
        { ...jwk, kid: 'key-2' },
        { ...pairs.RS256!.publicKey.export({ format: 'jwk' }), kid: 'key-3' },
      ],
    };
    expect(await verifyWith(token, JSON.stringify(set), 'ES256')).toMatchObject({ verified: true });
    const unknown = makeToken('ES256', { a: 1 }, privateKey, { alg: 'ES256', kid: 'key-9' });
    expect(await verifyWith(unknown, JSON.stringify(set), 'ES256')).toMatchObject({
      verification_error: "No key in the JWK Set in 'secret' has the token's kid \"key-9\".",
    });
    const twice = {
      keys: [
        { ...other, kid: 'key-2' },
        { ...jwk, kid: 'key-2' },
      ],
    };
    expect(await verifyWith(token, JSON.stringify(twice), 'ES256')).toMatchObject({
      verification_error: expect.stringMatching(/2 keys with the token's kid "key-2"/),
    });
    expect(await verifyWith(token, '{"keys":[]}', 'ES256')).toMatchObject({
      verification_error: expect.stringMatching(/No key in the JWK Set/),
    });
    expect(await verifyWith(token, '{"keys":[5]}', 'ES256')).toMatchObject({
      verification_error: expect.stringMatching(/No key/),
    });
  });
});

describe('verification problems beyond the key', () => {
  it('a header without alg, an empty signature, unknown crit', async () => {
    const noAlg = `${segment({ typ: 'JWT' })}.${segment({})}.${b64u('x')}`;
    expect(await verifyWith(noAlg, 's', 'HS256')).toMatchObject({
      verification_error: expect.stringMatching(/no "alg" string/),
    });
    const numericAlg = `${segment({ alg: 256 })}.${segment({})}.${b64u('x')}`;
    expect(await verifyWith(numericAlg, 's', 'HS256')).toMatchObject({
      verification_error: expect.stringMatching(/no "alg" string/),
    });
    const unsigned = `${segment({ alg: 'HS256' })}.${segment({})}.`;
    expect(await verifyWith(unsigned, 's', 'HS256')).toMatchObject({
      verification_error: 'The signature (part 3) is empty, so there is nothing to verify.',
    });
    const crit = makeToken('HS256', {}, 's', { alg: 'HS256', crit: ['x-custom'], 'x-custom': 1 });
    expect(await verifyWith(crit, 's', 'HS256')).toMatchObject({
      verified: false,
      verification_error: expect.stringMatching(/JWS rule.*"x-custom" is not recognized/),
    });
  });

  it('a DER-encoded ECDSA signature is explained', async () => {
    const { publicKey, privateKey } = pairs.ES256!;
    const input = `${segment({ alg: 'ES256' })}.${segment({ a: 1 })}`;
    const der = nodeSign('sha256', Buffer.from(input), privateKey); // DER by default
    const body = await verifyWith(`${input}.${b64u(der)}`, spkiPem(publicKey), 'ES256');
    expect(body.verification_error).toBe(
      `An ES256 signature is 64 bytes (r and s side by side, not DER), but this one has ${der.length}.`,
    );
  });

  it('signature characters outside base64url, with the position in the field as sent', async () => {
    const token = makeToken('HS256', { a: 1 }, 's');
    const broken = `${token.slice(0, -2)}=${token.slice(-1)}`;
    const body = await verifyWith(`\t ${broken}`, 's', 'HS256');
    expect(body.verification_error).toBe(
      `The signature (part 3) contains '=' at position ${token.length + 1}: JWT parts are base64url without '=' padding.`,
    );
  });
});

describe('structure', () => {
  it('decodes arbitrary JSON values, keeps key order and __proto__ as data', async () => {
    const header = JSON.parse('{"alg":"HS256","__proto__":{"polluted":true},"z":1,"a":2}');
    const payload = JSON.parse(
      '{"constructor":{"prototype":{"x":1}},"__proto__":[1],"n":-0.5e-7,"u":"\u00e9\ud83d\ude00"}',
    );
    const token = `${b64u(JSON.stringify(header))}.${b64u(JSON.stringify(payload))}.c2ln`;
    const { body } = await call({ token });
    expect(JSON.stringify(body.header)).toBe(JSON.stringify(header));
    expect(JSON.stringify(body.payload)).toBe(JSON.stringify(payload));
    expect(Object.keys(body.header as object)).toEqual(['alg', '__proto__', 'z', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const value of [null, true, 0, [], 'x', [{ a: [1] }]]) {
      const r = await call({ token: `${segment({ alg: 'none' })}.${segment(value)}.` });
      // Not a claims object, so no "no exp" warning; alg none always is one.
      expect(r.body).toEqual({
        header: { alg: 'none' },
        payload: value,
        signature: '',
        valid_structure: true,
        warnings: [expect.stringMatching(/alg "none"/)],
      });
    }
  });

  it('random claims round-trip (seeded)', async () => {
    const random = prng(42);
    const pick = (s: string) => s[Math.floor(random() * s.length)]!;
    const text = () =>
      Array.from({ length: Math.floor(random() * 12) }, () => pick('aZ09 _-"\\\n\u00e9\u4e2d\ud83d\ude00')).join('');
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.3) return text();
      if (r < 0.45) return Math.floor(random() * 2 ** 40) - 2 ** 39;
      if (r < 0.5) return random() < 0.5;
      if (r < 0.55) return null;
      if (r < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [text(), value(depth + 1)]));
    };
    for (let i = 0; i < 300; i++) {
      const header = { alg: 'HS256', kid: text() };
      const payload = value(0);
      const token = `${segment(header)}.${segment(payload)}.${b64u(text())}`;
      const { status, body } = await call({ token });
      expect(status).toBe(200);
      const claims = typeof payload === 'object' && payload !== null && !Array.isArray(payload); // never with an exp
      const warnings = claims ? { warnings: [expect.stringMatching(/no exp/)] } : {};
      expect(body).toEqual({ header, payload, signature: token.split('.')[2], valid_structure: true, ...warnings });
    }
  });

  it('a bad character anywhere in header or payload is found at its 1-based position (seeded)', async () => {
    const random = prng(7);
    const base = `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment({ sub: 'someone', iat: 1516239022 })}.${b64u('signature')}`;
    const dot2 = base.lastIndexOf('.');
    const bad = ['+', '/', '=', ' ', '!', '\u00e9', '\ud800', '\ud83d\ude00'];
    for (let i = 0; i < 200; i++) {
      const char = bad[Math.floor(random() * bad.length)]!;
      let index = Math.floor(random() * dot2);
      if (base[index] === '.' || (index === 0 && char === ' ')) index++; // a leading space would be trimmed
      const lead = ' '.repeat(Math.floor(random() * 3));
      const token = `${lead}${base.slice(0, index)}${char}${base.slice(index + 1)}`;
      const { status, body } = await call({ token });
      expect(status).toBe(200);
      expect(body.valid_structure).toBe(false);
      const part = index < base.indexOf('.') ? 'header (part 1)' : 'payload (part 2)';
      const where = lead.length + index + 1; // every character before it is one code point
      expect(body.error).toMatch(
        new RegExp(`^The ${part.replace(/[()]/g, '\\$&')} contains .* at position ${where}[:,]`),
      );
    }
  });

  it('random garbage never fails the request (seeded)', async () => {
    const random = prng(99);
    const alphabet = 'eyJhbGciOiJIUzI1NiJ9.-_+/= \n\t{}[]"\\\u0000\ud800\udfff\u2028é';
    for (let i = 0; i < 500; i++) {
      const token = Array.from(
        { length: 10 + Math.floor(random() * 60) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      const reply = await call({ token, secret: random() < 0.5 ? 'k' : undefined });
      expect([200, 400]).toContain(reply.status);
    }
  });

  it('explains each way of being malformed', async () => {
    const error = async (token: string) => (await call({ token })).body.error;
    expect(await error('          ')).toBe('The token is empty: it has only whitespace.');
    expect(await error('.e30.signature')).toBe('The header (part 1) is empty.');
    expect(await error('eyJhbGciOiJIUzI1NiJ9..sig')).toBe('The payload (part 2) is empty.');
    expect(await error('eyJhbGciOiJIUzI1NiJ9.e30x5.sig')).toBe(
      'The payload (part 2) is 5 characters long, a length no base64url encoding produces.',
    );
    expect(await error(`${b64u(Buffer.from([0xff, 0xfe, 0x7b]))}.e30.sig`)).toBe(
      'The header (part 1) does not decode to UTF-8 text.',
    );
    expect(await error(`${b64u('"alg"')}.e30.sig`)).toBe(
      'The header (part 1) is JSON but not an object (it is a string).',
    );
    expect(await error(`${b64u('null')}.e30.sig`)).toBe('The header (part 1) is JSON but not an object (it is null).');
    expect(await error(`${b64u('{"alg":"HS256",}')}.e30.sig`)).toBe(
      'The header (part 1) decodes to text that is not JSON: "{\\"alg\\":\\"HS256\\",}".',
    );
    expect(await error('eyJhbGciOiJIUzI1NiJ9.e30.a.b')).toBe(
      'The token has 4 dot-separated parts; a JWT has 3 (header.payload.signature).',
    );
    expect(await error('eyJhbGciOiJIUzI1NiJ9.e30 .sig')).toBe(
      "The payload (part 2) contains U+0020 at position 25, which is not a base64url character (A–Z, a–z, 0–9, '-', '_').",
    );
    expect(await error('eyJhbGciOiJIUzI1NiJ9.e3\ud83d\ude00.x.y')).toMatch(/4 dot-separated parts/);
    expect(await error('\ud83d\ude00eyJhbGciOiJIUzI1NiJ9.e3\ud800.x')).toMatch(
      /header \(part 1\) contains U\+1F600 at position 1,/,
    );
    expect(await error('eyJhbGciOiJIUzI1NiJ9.e3\ud800.x')).toMatch(
      /payload \(part 2\) contains U\+D800 at position 24,/,
    );
  });

  it('the parts that decode are returned with a malformed token, expired included', async () => {
    const { body } = await call({ token: `${b64u('[]')}.${segment({ exp: 1 })}.sig` });
    expect(body).toEqual({
      header: {},
      payload: { exp: 1 },
      signature: '',
      valid_structure: false,
      expired: true,
      error: 'The header (part 1) is JSON but not an object (it is an array).',
    });
  });
});

describe('expired against the injected clock', () => {
  const at = async (exp: unknown) =>
    (await call({ token: `${segment({ alg: 'none' })}.${segment({ exp })}.` })).body.expired;
  it('is true from the exp second on (RFC 7519 §4.1.4), false before', async () => {
    expect(await at(NOW / 1000)).toBe(true);
    expect(await at(NOW / 1000 - 0.001)).toBe(true);
    expect(await at(NOW / 1000 + 0.001)).toBe(false);
    expect(await at(NOW / 1000 + 1)).toBe(false);
    expect(await at(0)).toBe(true);
    expect(await at(-1)).toBe(true);
    expect(await at('1')).toBeUndefined();
    expect(await at(null)).toBeUndefined();
  });
  it('an exp beyond the double range (1e400) is never expired', async () => {
    const token = `${segment({ alg: 'none' })}.${b64u('{"exp":1e400}')}.`;
    expect((await call({ token })).body.expired).toBe(false);
  });
});

describe('hostile input', () => {
  it('deep nesting is refused before parsing, at the documented bound', async () => {
    const nest = (n: number) => b64u('['.repeat(n) + ']'.repeat(n));
    expect((await call({ token: `${segment({ alg: 'none' })}.${nest(MAX_DEPTH)}.` })).body.valid_structure).toBe(true);
    expect((await call({ token: `${segment({ alg: 'none' })}.${nest(MAX_DEPTH + 1)}.` })).body.error).toBe(
      `The payload (part 2) nests deeper than ${MAX_DEPTH} levels.`,
    );
    expect((await call({ token: `${nest(1_000_000)}.e30.` })).body.error).toMatch(/header \(part 1\) nests deeper/);
    // Brackets inside strings do not count.
    expect(
      (await call({ token: `${segment({ alg: 'none' })}.${segment({ s: '['.repeat(10_000) })}.` })).body
        .valid_structure,
    ).toBe(true);
  });

  // No clock in these two: a quadratic path would take minutes here, far past the test's timeout.
  it('a 12 MiB payload decodes and verifies', async () => {
    const payload = { data: 'x'.repeat(12 * 1024 * 1024) };
    const token = makeToken('HS256', payload, 'k');
    const body = await verifyWith(token, 'k', 'HS256');
    expect(body.verified).toBe(true);
  }, 60_000);

  it('millions of dots or characters do not hang', async () => {
    expect((await call({ token: '.'.repeat(4_000_000) })).body.error).toBe(
      'The token has 4000001 dot-separated parts; a JWT has 3 (header.payload.signature).',
    );
    expect((await call({ token: `${'A'.repeat(8_000_001)}.e30.` })).body.error).toMatch(
      /header \(part 1\) is 8000001 characters long/,
    );
    // 19-character header, a dot, 4,000,000 'A's, then the '!'.
    expect((await call({ token: `${segment({ alg: 'none' })}.${'A'.repeat(4_000_000)}!.` })).body.error).toMatch(
      /'!' at position 4000021,/,
    );
  }, 60_000);

  it('huge or odd secrets are answered, never thrown', async () => {
    const token = makeToken('HS256', { a: 1 }, 'k');
    expect(await verifyWith(token, 'k'.repeat(5_000_000), 'HS256')).toMatchObject({ verified: false });
    expect(await verifyWith(token, '\ud800', 'HS256')).toMatchObject({ verified: false });
    const rs = makeToken('RS256', { a: 1 }, pairs.RS256!.privateKey);
    for (const secret of [
      '{',
      '{"keys":{}}',
      '{"kty":"RSA","n":1,"e":"AQAB"}',
      `{"kty":"RSA","n":"${'A'.repeat(100000)}","e":"AQAB"}`,
      '-----BEGIN ',
      '-----BEGIN -----x-----END -----',
      '['.repeat(100000),
    ]) {
      const body = await verifyWith(rs, secret, 'RS256');
      expect(body.verified, secret.slice(0, 40)).toBe(false);
      expect(typeof body.verification_error).toBe('string');
    }
  });
});

describe('helpers', () => {
  it('decodeBase64url agrees with Buffer on valid input and is stricter than it (seeded)', () => {
    const random = prng(1234);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < 2000; i++) {
      const bytes = Uint8Array.from({ length: Math.floor(random() * 70) }, () => Math.floor(random() * 256));
      const text = b64u(bytes);
      const decoded = decodeBase64url(text);
      expect(decoded.ok && Buffer.from(decoded.bytes).equals(Buffer.from(bytes))).toBe(true);
      expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      // A random string of the alphabet decodes exactly as Buffer does, unless its length is impossible.
      const noise = Array.from({ length: Math.floor(random() * 20) }, () => alphabet[Math.floor(random() * 64)]).join(
        '',
      );
      const result = decodeBase64url(noise);
      if (noise.length % 4 === 1) expect(result).toEqual({ ok: false, problem: 'length', index: noise.length });
      else expect(result.ok && Buffer.from(result.bytes).equals(Buffer.from(noise, 'base64url'))).toBe(true);
    }
    expect(decodeBase64url('ab+c')).toEqual({ ok: false, problem: 'character', index: 2 });
    expect(decodeBase64url('abc=')).toEqual({ ok: false, problem: 'character', index: 3 });
    expect(decodeBase64url('xxab c', 2, 5)).toEqual({ ok: false, problem: 'character', index: 4 });
  });

  it('spkiFromPkcs1 and readCertificateSpki match node:crypto', () => {
    for (const bits of [1024, 2048, 3072]) {
      const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
      const pkcs1 = publicKey.export({ type: 'pkcs1', format: 'der' });
      expect(
        Buffer.from(spkiFromPkcs1(new Uint8Array(pkcs1))).equals(publicKey.export({ type: 'spki', format: 'der' })),
      ).toBe(true);
    }
    for (const pem of [v.RSA_CERT, v.EC_CERT]) {
      const cert = new X509Certificate(pem);
      const spki = readCertificateSpki(new Uint8Array(cert.raw));
      expect(Buffer.from(spki.der).equals(cert.publicKey.export({ type: 'spki', format: 'der' }))).toBe(true);
    }
    expect(readSpki(new Uint8Array(createPublicKey(v.P521_SPKI).export({ type: 'spki', format: 'der' }))).kind).toEqual(
      { kty: 'EC', crv: 'P-521' },
    );
    expect(() => readSpki(new Uint8Array([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]))).toThrow();
    expect(() => readSpki(new Uint8Array([0x30, 0x80, 0, 0]))).toThrow();
    expect(() => readSpki(new Uint8Array([]))).toThrow();
  });

  it('position counts code points; quote escapes and shortens', () => {
    expect(position('a\ud83d\ude00b', 3)).toBe(3);
    expect(position('\ud800\ud800x', 2)).toBe(3);
    expect(quote('a"b\n')).toBe('"a\\"b\\n"');
    expect(quote(`${'x'.repeat(59)}\ud83d\ude00yy`)).toBe(`"${'x'.repeat(59)}…"`);
    expect(quote('y'.repeat(61))).toBe(`"${'y'.repeat(60)}…"`);
  });
});

describe('HMAC keys as bytes, JWK and JWK Set', () => {
  const random = prng(15);
  const randomKey = (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));

  it.each(['HS256', 'HS384', 'HS512'] as const)(
    '%s: a binary key verifies as base64, base64url, JWK and by kid in a set',
    async (alg) => {
      for (let i = 0; i < 5; i++) {
        const key = randomKey(16 + Math.floor(random() * 64));
        const token = makeToken(alg, { sub: 'bytes', exp: 32503680000 }, key, { alg, kid: `k${i}` });
        expect(nodeVerifies(token, alg, key)).toBe(true);
        const ok = async (body: Record<string, unknown>) =>
          expect((await call({ token, algorithm: alg, ...body })).body).toMatchObject({ verified: true });
        await ok({ secret: key.toString('base64'), secret_encoding: 'base64' });
        await ok({ secret: key.toString('base64url'), secret_encoding: 'base64url' });
        await ok({ secret: ` ${key.toString('base64').replace(/=+$/, '')}\n`, secret_encoding: 'base64' }); // padding optional, whitespace ignored
        await ok({ secret: JSON.stringify({ kty: 'oct', k: key.toString('base64url') }) });
        const others = [randomKey(32), randomKey(32)].map((bytes, n) => ({
          kty: 'oct',
          kid: `other${n}`,
          k: bytes.toString('base64url'),
        }));
        await ok({
          secret: JSON.stringify({
            keys: [others[0], { kty: 'oct', kid: `k${i}`, k: key.toString('base64url') }, others[1]],
          }),
        });
        // The same text read as UTF-8 is another key.
        expect((await call({ token, algorithm: alg, secret: key.toString('base64') })).body).toMatchObject({
          verified: false,
        });
      }
    },
  );

  it('RS256 verifies with an RSA JWK, and with a JWK Set by kid (node:crypto keys)', async () => {
    const { publicKey, privateKey } = pairs.RS256!;
    const jwk = publicKey.export({ format: 'jwk' });
    const token = makeToken('RS256', { sub: 'rsa' }, privateKey, { alg: 'RS256', kid: 'mine' });
    expect(await verifyWith(token, JSON.stringify(jwk), 'RS256')).toMatchObject({ verified: true });
    const set = {
      keys: [
        { ...otherRsa.publicKey.export({ format: 'jwk' }), kid: 'theirs' },
        { ...jwk, kid: 'mine' },
      ],
    };
    expect(await verifyWith(token, JSON.stringify(set), 'RS256')).toMatchObject({ verified: true });
    const swapped = {
      keys: [
        { ...otherRsa.publicKey.export({ format: 'jwk' }), kid: 'mine' },
        { ...jwk, kid: 'theirs' },
      ],
    };
    expect(await verifyWith(token, JSON.stringify(swapped), 'RS256')).toMatchObject({
      verified: false,
      verification_error: expect.stringMatching(/does not match/),
    });
  });

  it('oct JWKs: a bad k, a key of another use, an asymmetric key in a set chosen by kid', async () => {
    const token = makeToken('HS256', { exp: 1 }, 'k', { alg: 'HS256', kid: 'a' });
    const error = async (secret: unknown) =>
      (await verifyWith(token, JSON.stringify(secret), 'HS256')).verification_error;
    expect(await error({ kty: 'oct' })).toBe('The JWK has no "k" member (a non-empty string).');
    expect(await error({ kty: 'oct', k: 'a+b/' })).toBe('The JWK\'s "k" member is not base64url.');
    expect(await error({ kty: 'oct', k: 'aw', use: 'enc' })).toMatch(/"use" is "enc"/);
    expect(await error({ kty: 'oct', k: 'aw', key_ops: ['sign'] })).toMatch(/"key_ops" does not include "verify"/);
    expect(await error({ keys: [{ ...pairs.ES256!.publicKey.export({ format: 'jwk' }), kid: 'a' }] })).toMatch(
      /^'secret' is an EC P-256 public key as a JWK, which is never used as an HMAC secret/,
    );
    expect(await error({ kty: 'foo' })).toMatch(/^'secret' is a key of type "foo" as a JWK/);
    expect(await verifyWith(token, JSON.stringify({ kty: 'oct', k: b64u('k'), kid: 'a' }), 'HS256')).toMatchObject({
      verified: true,
    });
  });

  it('a secret that is not in its encoding is a 400 naming the field', async () => {
    const token = makeToken('HS256', {}, 'k');
    const error = async (secret: string, secret_encoding: string) => {
      const reply = await call({ token, secret, secret_encoding });
      expect(reply.status).toBe(400);
      return reply.body.error;
    };
    expect(await error('====', 'base64')).toMatch(/^'secret' is not valid Base64 \(secret_encoding "base64"\): /);
    expect(await error('   ', 'base64url')).toBe(
      '\'secret\' is not valid base64url (secret_encoding "base64url"): it decodes to no bytes.',
    );
    expect(await error('abcde', 'base64')).toMatch(/Invalid length/);
    expect(await error('ab_c', 'base64')).toMatch(
      /'_' at position 3 belongs to the other alphabet; choose secret_encoding "base64url"/,
    );
    // A PEM or a JWK is never read in an encoding: no 400, the usual verification answer.
    expect((await call({ token, secret: v.RFC7515_RSA_SPKI, secret_encoding: 'base64' })).body).toMatchObject({
      verified: false,
      verification_error: expect.stringMatching(/PEM key/),
    });
  });
});

describe('what surrounds a pasted token', () => {
  it('quotes of different kinds are not a pair; backticks are', async () => {
    const token = makeToken('HS256', { sub: 'q' }, 's');
    expect((await call({ token: `\`${token}\`` })).body).toMatchObject({
      valid_structure: true,
      payload: { sub: 'q' },
    });
    expect((await call({ token: `"${token}'` })).body).toMatchObject({
      valid_structure: false,
      error: expect.stringMatching(/position 1/),
    });
    expect((await call({ token: `Bearer '${token}'`, secret: 's' })).body).toMatchObject({
      valid_structure: true,
      verified: true,
    });
    expect((await call({ token: `Bearertoken.${token}` })).body).toMatchObject({ valid_structure: false }); // no separator after Bearer
  });

  it('a huge field is only looked at near its start for the prefix', async () => {
    const reply = await call({ token: `Bearer ${' '.repeat(2_000_000)}${makeToken('HS256', {}, 's')}` });
    expect(reply.body).toMatchObject({ valid_structure: true });
  });
});

describe('warnings', () => {
  const warnings = async (header: Record<string, unknown>, payload: unknown, secret?: string) =>
    (await call({ token: `${segment(header)}.${segment(payload)}.c2ln`, ...(secret === undefined ? {} : { secret }) }))
      .body.warnings as string[] | undefined;

  it('are absent, never empty, for an unremarkable token', async () => {
    expect(await warnings({ alg: 'HS256' }, { iat: 1700000000, exp: 1700003600 })).toBeUndefined();
    expect(await warnings({ alg: 'RS256' }, { exp: 1 }, v.RFC7515_RSA_SPKI)).toBeUndefined(); // a PEM for RS is right
  });

  it('the lifetime bound is 366 days, from iat, else nbf', async () => {
    const day = 86_400;
    expect(await warnings({ alg: 'HS256' }, { iat: 0, exp: 366 * day })).toBeUndefined();
    expect(await warnings({ alg: 'HS256' }, { iat: 0, exp: 366 * day + 1 })).toEqual([
      expect.stringMatching(/valid for 366 days \(exp − iat\)/),
    ]);
    expect(await warnings({ alg: 'HS256' }, { nbf: 0, exp: 729 * day })).toEqual([
      expect.stringMatching(/valid for 729 days \(exp − nbf\)/),
    ]);
    expect(await warnings({ alg: 'HS256' }, { iat: 0, nbf: -1e9, exp: 30 * day })).toBeUndefined(); // iat wins
    expect(await warnings({ alg: 'HS256' }, { iat: 'yesterday', exp: 1e12 })).toBeUndefined();
    expect(await warnings({ alg: 'HS256' }, { exp: 1e12 })).toBeUndefined(); // no start: no lifetime
  });

  it('confusion is about a public-key-shaped secret with an HS token, whatever algorithm is chosen', async () => {
    const rsaJwk = JSON.stringify(pairs.RS256!.publicKey.export({ format: 'jwk' }));
    expect(await warnings({ alg: 'HS384' }, { exp: 1 }, `\n  ${v.RFC7515_RSA_SPKI}`)).toEqual([
      expect.stringMatching(/^This HS384 token was checked with a PEM key/),
    ]);
    expect(await warnings({ alg: 'HS256' }, { exp: 1 }, rsaJwk)).toEqual([expect.stringMatching(/with a public JWK/)]);
    expect(
      await warnings({ alg: 'HS256' }, { exp: 1 }, JSON.stringify({ keys: [{ kty: 'oct', k: 'aw' }] })),
    ).toBeUndefined();
    expect(
      await warnings(
        { alg: 'HS256' },
        { exp: 1 },
        JSON.stringify({ keys: [{ kty: 'oct', k: 'aw' }, JSON.parse(rsaJwk)] }),
      ),
    ).toBeUndefined(); // could be the oct one
    expect(await warnings({ alg: 'HS256' }, { exp: 1 }, 'a shared secret')).toBeUndefined();
    expect(await warnings({ alg: 'RS256' }, { exp: 1 }, rsaJwk)).toBeUndefined();
  });

  it('crit in any form is named', async () => {
    expect(await warnings({ alg: 'HS256', crit: 'exp' }, { exp: 1 })).toEqual([
      expect.stringMatching(/"crit" \(not a list of names\)/),
    ]);
    expect(await warnings({ alg: 'HS256', crit: ['a', 'b'] }, { exp: 1 })).toEqual([
      expect.stringMatching(/"crit" \("a", "b"\)/),
    ]);
  });
});

describe('the page explains every registered claim, the common OIDC claims and the header fields', () => {
  it('has a sentence for each, and times as UTC dates', async () => {
    const { CLAIMS, HEADER_FIELDS, explainClaims } = await import('./claims.svelte');
    const registered = ['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti']; // RFC 7519 §4.1
    const oidc = [
      'name',
      'email',
      'email_verified',
      'nonce',
      'auth_time',
      'acr',
      'amr',
      'azp',
      'at_hash',
      'c_hash',
      'sid',
      'scope',
      'roles',
      'preferred_username',
      'given_name',
      'family_name',
      'picture',
      'locale',
      'zoneinfo',
      'updated_at',
      'typ',
      'cid',
    ];
    for (const claim of [...registered, ...oidc]) expect(CLAIMS[claim], claim).toMatch(/^[A-Z].{10,}\.$/);
    for (const field of ['alg', 'typ', 'kid', 'cty', 'jku', 'x5u', 'crit'])
      expect(HEADER_FIELDS[field], field).toMatch(/^[A-Z].{10,}\.$/);
    const rows = explainClaims(
      { iat: 1516239022, auth_time: 1e12, custom: { a: [1] }, long: 'x'.repeat(400) },
      1516239022_000 + 3_600_000,
    );
    expect(rows[0]).toMatchObject({
      name: 'iat',
      value: '1516239022',
      time: { iso: '2018-01-18T01:30:22.000Z', relative: 'about 1 hour ago' },
    });
    expect(rows[1]!.time).toMatchObject({ hint: expect.stringMatching(/milliseconds/) });
    expect(rows[2]).toEqual({ name: 'custom', value: '{"a":[1]}' });
    expect(rows[3]!.value).toHaveLength(301);
  });
});
