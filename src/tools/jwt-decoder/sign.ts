// Encode mode (docs/contract.md §4 jwt-decoder): a header and payload become a compact JWS signed
// with `secret` under `algorithm`. The header is `{alg, typ: "JWT", …header}`: `alg` always comes
// from `algorithm` (a header `alg` that says otherwise is a 400, so that what is signed is what was
// asked for), `typ` may be overridden. The payload's JSON is JSON.stringify's, so a token made
// here decodes back to the same objects. jose's CompactSign signs; nothing here reads the clock.
import { CompactSign, errors } from 'jose';
import { ToolInputError } from '../define';
import { quote } from './messages';
import type { Algorithm, SecretEncoding } from './schema';
import { secretBytes } from './secret';
import { signingKey } from './signing-key';
import { isKeyText } from './keys';
import { MAX_DEPTH } from './token';

export interface SignRequest {
  header?: Record<string, unknown>;
  payload?: Record<string, unknown>;
  secret?: string;
  secret_encoding: SecretEncoding;
  algorithm: Algorithm;
}

export interface Signed {
  token: string;
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
  valid_structure: true;
}

const bad = (sentence: string): never => {
  throw new ToolInputError(sentence);
};

/** Deeper than `limit` levels of objects and arrays; iterative, so no input can overflow the stack. */
function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

export async function signToken({
  header = {},
  payload,
  secret,
  secret_encoding,
  algorithm,
}: SignRequest): Promise<Signed> {
  if (payload === undefined) bad(`'payload' is required in encode mode: the claims to sign, as a JSON object.`);
  if (!secret)
    bad(
      `'secret' is required in encode mode: the key to sign with (the shared secret for HS*, a private key for the others).`,
    );
  if (header.alg !== undefined && header.alg !== algorithm) {
    bad(
      `'header' has alg ${typeof header.alg === 'string' ? quote(header.alg) : 'that is not a string'}, but 'algorithm' is "${algorithm}"; leave alg out or make them the same.`,
    );
  }
  if (header.b64 !== undefined)
    bad(`'header' may not set "b64": a JWT's payload is always base64url-encoded (RFC 7797 is not for JWTs).`);
  if (deeperThan(header, MAX_DEPTH)) bad(`'header' nests deeper than ${MAX_DEPTH} levels.`);
  if (deeperThan(payload, MAX_DEPTH)) bad(`'payload' nests deeper than ${MAX_DEPTH} levels.`);
  const protectedHeader = { alg: algorithm, typ: 'JWT', ...header };
  const hmacKey = algorithm.startsWith('HS') && !isKeyText(secret!) ? secretBytes(secret!, secret_encoding) : undefined;
  const key = await signingKey(secret!, algorithm, protectedHeader, hmacKey);
  let token: string;
  try {
    token = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader(protectedHeader)
      .sign(key);
  } catch (error) {
    // Header rules jose enforces (crit): its messages are fixed English text.
    if (error instanceof errors.JOSEError) return bad(`'header' breaks a JWS rule: ${error.message}.`);
    throw error;
  }
  return {
    token,
    header: protectedHeader,
    payload: payload!,
    signature: token.slice(token.lastIndexOf('.') + 1),
    valid_structure: true,
  };
}
