// The Encode tab's page-side helpers: JSON errors placed as Python's json module places them, the
// request each tab sends, and the keys WebCrypto makes here, which sign through the tool and
// verify with node:crypto (an implementation independent of both WebCrypto's export and jose).
import { execFileSync } from 'node:child_process';
import { createHmac, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import type { ToolContext } from '../define';
import { readObject, withClaim } from './json-object.svelte';
import { generateKey, publicKeyOf } from './keygen';
import { isJwkText, readyToSend, toTool } from './page-input';
import { isKeyText } from './keys';
import { ALGORITHMS, type Algorithm } from './schema';
import tool from './tool';

const ctx = { now: () => 0 } as unknown as ToolContext;

/** Python's json.loads error position (1-based line and column), the independent reference. */
function pythonPlace(text: string): { line: number; column: number } {
  const out = execFileSync(
    'python3',
    [
      '-c',
      'import json,sys\ntry:\n json.loads(sys.stdin.read())\nexcept json.JSONDecodeError as e:\n print(e.lineno, e.colno)',
    ],
    { input: text },
  ).toString();
  const [line, column] = out.trim().split(' ').map(Number);
  return { line: line!, column: column! };
}

describe('readObject', () => {
  it('reads an object, and an empty header as {}', () => {
    expect(readObject('{"sub":"ada","n":[1,2.5]}', 'payload')).toEqual({
      ok: true,
      value: { sub: 'ada', n: [1, 2.5] },
    });
    expect(readObject('  ', 'header', {})).toEqual({ ok: true, value: {} });
    expect(readObject('', 'payload')).toMatchObject({ ok: false, error: 'The payload is empty: write a JSON object.' });
  });

  it.each([
    '{\n  "sub": "ada",\n}',
    '{\n  "sub": "ada"\n  "exp": 1\n}',
    '{"a": tru}',
    '{\n\n  "name": "Zoë 😀, x\n}',
    '{"a": 01}',
    '{"a": 1} x',
  ])('places a syntax error where Python does: %j', (text) => {
    const read = readObject(text, 'payload');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const place = pythonPlace(text);
    expect({ line: read.line, column: read.column }).toEqual(place);
    expect(read.error).toMatch(
      new RegExp(`^The payload is not valid JSON: Expected .+ at line ${place.line}, column ${place.column}\\.$`),
    );
  });

  it('names what is not an object', () => {
    expect(readObject('[1]', 'payload')).toMatchObject({
      error: 'The payload must be a JSON object ({…}), not an array.',
    });
    expect(readObject('null', 'header')).toMatchObject({ error: 'The header must be a JSON object ({…}), not null.' });
    expect(readObject('"x"', 'payload')).toMatchObject({
      error: 'The payload must be a JSON object ({…}), not a string.',
    });
  });
});

describe('withClaim', () => {
  it('sets a time claim, keeping the other members and their order', () => {
    expect(withClaim('{"sub":"ada","exp":1,"x":true}', 'exp', 1767225600)).toBe(
      '{\n  "sub": "ada",\n  "exp": 1767225600,\n  "x": true\n}',
    );
    expect(withClaim('', 'iat', 5)).toBe('{\n  "iat": 5\n}');
    expect(withClaim('{"sub":', 'exp', 5)).toBeUndefined();
  });
});

describe('the request each tab sends', () => {
  const page = {
    token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig',
    secret: 'public',
    secret_encoding: 'utf8',
    algorithm: 'HS256',
    header_json: '{"kid":"k1"}',
    payload_json: '{"sub":"ada"}',
    signing_key: 'private',
  } as const;

  it('decode: what the page sent before it had an Encode tab (no mode, no key of the other tab)', () => {
    expect(toTool({ ...page, mode: 'decode' })).toEqual({
      token: page.token,
      secret: 'public',
      secret_encoding: 'utf8',
      algorithm: 'HS256',
    });
  });

  it('encode: the editors as objects and the signing key as `secret`', () => {
    const body = toTool({ ...page, mode: 'encode' });
    expect(body).toEqual({
      mode: 'encode',
      algorithm: 'HS256',
      secret_encoding: 'utf8',
      secret: 'private',
      header: { kid: 'k1' },
      payload: { sub: 'ada' },
    });
    expect(readyToSend(body)).toBe(true);
    expect(toTool({ ...page, mode: 'encode', header_json: '' })).not.toHaveProperty('header');
    // A payload or header that does not read is not sent: the page shows where it breaks.
    expect(readyToSend(toTool({ ...page, mode: 'encode', payload_json: '{"sub":' }))).toBe(false);
    expect(readyToSend(toTool({ ...page, mode: 'encode', header_json: '[' }))).toBe(false);
    expect(readyToSend(toTool({ ...page, mode: 'encode', signing_key: '' }))).toBe(false);
  });
});

it('the page tells a JWK from a text secret as the tool does (keys.ts)', () => {
  for (const text of ['{"kty":"oct","k":"AA"}', ' {"keys":[]}', '{"k":"x"}', 'plain', '{not json', '[1]', '{"kty":1}'])
    expect(isJwkText(text), text).toBe(isKeyText(text) && text.trim().startsWith('{'));
});

describe('keys made with WebCrypto', () => {
  it('an HS* secret is as long as the hash, and signs as node:crypto expects', async () => {
    for (const algorithm of ['HS256', 'HS384', 'HS512'] as const) {
      const { secret } = await generateKey(algorithm);
      const bytes = Buffer.from(secret, 'base64url');
      expect(bytes.length).toBe(Number(algorithm.slice(2)) / 8);
      const reply = await invoke(
        tool,
        { mode: 'encode', payload: { sub: 'ada' }, secret, secret_encoding: 'base64url', algorithm },
        ctx,
      );
      const token = (reply.body as { token: string }).token;
      const input = token.slice(0, token.lastIndexOf('.'));
      const mac = createHmac(`sha${algorithm.slice(2)}`, bytes)
        .update(input)
        .digest('base64url');
      expect(token.endsWith(`.${mac}`)).toBe(true);
    }
  });

  const asymmetric = ALGORITHMS.filter((algorithm) => !algorithm.startsWith('HS'));
  it.each(asymmetric)(
    '%s: the pair signs through the tool; node:crypto verifies with its public PEM and with the derived JWK',
    async (algorithm: Algorithm) => {
      const { secret, publicKey } = await generateKey(algorithm);
      expect(secret).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
      const reply = await invoke(tool, { mode: 'encode', payload: { sub: 'ada' }, secret, algorithm }, ctx);
      expect(reply.status).toBe(200);
      const token = (reply.body as { token: string }).token;
      const input = Buffer.from(token.slice(0, token.lastIndexOf('.')));
      const signature = Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url');
      const derived = await publicKeyOf(secret, algorithm);
      expect(derived).toBeDefined();
      expect(JSON.parse(derived!)).not.toHaveProperty('d');
      for (const key of [createPublicKey(publicKey!), createPublicKey({ key: JSON.parse(derived!), format: 'jwk' })]) {
        const hash = algorithm === 'EdDSA' ? null : `sha${algorithm.slice(2)}`;
        const options = algorithm.startsWith('PS')
          ? { key, padding: 6, saltLength: Number(algorithm.slice(2)) / 8 } // RSA_PKCS1_PSS_PADDING
          : algorithm.startsWith('ES')
            ? { key, dsaEncoding: 'ieee-p1363' as const }
            : key;
        expect(nodeVerify(hash, input, options, signature)).toBe(true);
      }
      // The derived key verifies in the Decode tab too (the tool's own check).
      const decoded = await invoke(tool, { token, secret: derived!, algorithm }, ctx);
      expect(decoded.body).toMatchObject({ verified: true });
    },
  );

  it('a private JWK loses its private members; a PKCS#1 PEM gives nothing (WebCrypto cannot read it)', async () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'k', key_ops: ['sign'] };
    expect(JSON.parse((await publicKeyOf(JSON.stringify(jwk), 'ES256'))!)).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: 'x',
      y: 'y',
      kid: 'k',
    });
    expect(
      await publicKeyOf('-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----', 'RS256'),
    ).toBeUndefined();
  });
});
