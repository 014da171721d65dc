// Password hashes in their standard encoded strings: bcrypt `$2b$`, scrypt in the PHC form that
// passlib writes (`$scrypt$ln=…,r=…,p=…$salt$hash`, unpadded standard Base64) and Argon2id
// `$argon2id$v=19$…`. hash-wasm computes all three the same way in every door. Costs are bounded
// so that one call stays within the limits (docs/limits.md has the measured worst cases).
import { argon2id, argon2Verify, bcrypt, bcryptVerify, scrypt } from 'hash-wasm';
import { decodeBase64, encodeBase64 } from '../../lib/base64';
import { ToolInputError } from '../define';
import { BOUNDS, PASSWORD_DEFAULTS, type PasswordAlgorithm } from './password-params';

export { BOUNDS, PASSWORD_ALGORITHMS, PASSWORD_DEFAULTS, type PasswordAlgorithm } from './password-params';

export interface PasswordParams {
  cost?: number;
  log_n?: number;
  r?: number;
  p?: number;
  memory_kib?: number;
  iterations?: number;
  parallelism?: number;
}

function within(field: string, value: number, [lo, hi]: readonly [number, number]): number {
  if (!Number.isInteger(value) || value < lo || value > hi)
    throw new ToolInputError(`'${field}' must be an integer from ${lo} to ${hi}.`);
  return value;
}

function scryptMemoryOk(field: string, logN: number, r: number) {
  if (128 * 2 ** logN * r > BOUNDS.scryptMemory)
    throw new ToolInputError(`'${field}' asks scrypt for more than 64 MiB (128·2^log_n·r bytes).`);
}

const b64 = (bytes: Uint8Array) => encodeBase64(bytes, false, false);

/** The encoded hash of `password` with `salt` (bcrypt needs exactly 16 bytes; others 8 to 64). */
export async function hashPassword(
  algorithm: PasswordAlgorithm,
  password: Uint8Array,
  salt: Uint8Array,
  params: PasswordParams = {},
): Promise<string> {
  if (algorithm === 'bcrypt') {
    if (salt.length !== 16) throw new ToolInputError(`'salt' must be 16 bytes for bcrypt, not ${salt.length}.`);
    if (password.length > 72) throw new ToolInputError(`'input' is ${password.length} bytes; bcrypt reads at most 72.`);
    const cost = within('cost', params.cost ?? PASSWORD_DEFAULTS.bcryptCost, BOUNDS.bcryptCost);
    // $2a$ and $2b$ compute the same hash for passwords under 255 bytes; $2b$ is today's tag.
    return (await bcrypt({ password, salt, costFactor: cost, outputType: 'encoded' })).replace(/^\$2a\$/, '$2b$');
  }
  if (salt.length < 8 || salt.length > 64)
    throw new ToolInputError(`'salt' must be 8 to 64 bytes, not ${salt.length}.`);
  if (algorithm === 'scrypt') {
    const logN = within('log_n', params.log_n ?? PASSWORD_DEFAULTS.scryptLogN, BOUNDS.scryptLogN);
    const r = within('r', params.r ?? PASSWORD_DEFAULTS.scryptR, BOUNDS.scryptR);
    const p = within('p', params.p ?? PASSWORD_DEFAULTS.scryptP, BOUNDS.scryptP);
    scryptMemoryOk('log_n', logN, r);
    const key = await scrypt({
      password,
      salt,
      costFactor: 2 ** logN,
      blockSize: r,
      parallelism: p,
      hashLength: 32,
      outputType: 'binary',
    });
    return `$scrypt$ln=${logN},r=${r},p=${p}$${b64(salt)}$${b64(key)}`;
  }
  const memorySize = within('memory_kib', params.memory_kib ?? PASSWORD_DEFAULTS.argonMemoryKiB, BOUNDS.argonMemoryKiB);
  const iterations = within(
    'iterations',
    params.iterations ?? PASSWORD_DEFAULTS.argonIterations,
    BOUNDS.argonIterations,
  );
  const parallelism = within(
    'parallelism',
    params.parallelism ?? PASSWORD_DEFAULTS.argonParallelism,
    BOUNDS.argonParallelism,
  );
  if (memorySize < 8 * parallelism) throw new ToolInputError(`'memory_kib' must be at least 8 × 'parallelism'.`);
  return argon2id({ password, salt, parallelism, iterations, memorySize, hashLength: 32, outputType: 'encoded' });
}

function unpaddedBase64(field: string, text: string): Uint8Array {
  const decoded = /^[A-Za-z0-9+/]+$/.test(text) ? decodeBase64(text) : undefined;
  if (!decoded || !decoded.ok)
    throw new ToolInputError(`'${field}' is not a valid encoded hash: its salt or hash is not unpadded Base64.`);
  return decoded.bytes;
}

/** An encoded salt and hash: unpadded Base64 of 8 to 64 bytes (as this tool makes salts) and 4 to 64 bytes. */
function encodedParts(field: string, salt: string, hash: string) {
  const [s, h] = [unpaddedBase64(field, salt).length, unpaddedBase64(field, hash).length];
  if (s < 8 || s > 64 || h < 4 || h > 64)
    throw new ToolInputError(
      `'${field}' has a ${s}-byte salt and a ${h}-byte hash; this tool reads salts of 8 to 64 bytes and hashes of 4 to 64.`,
    );
}

// $2x$ marks hashes from a buggy implementation whose results differ for 8-bit passwords: refused.
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const SCRYPT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/;
const ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/;

/** Which algorithm an encoded hash is for, its costs checked against the bounds; throws naming `field`. */
export function readEncoded(field: string, encoded: string): PasswordAlgorithm {
  const bad = (why: string) => new ToolInputError(`'${field}' ${why}`);
  const text = encoded.trim();
  const param = (name: string, value: string, [lo, hi]: readonly [number, number]) => {
    if (Number(value) < lo || Number(value) > hi)
      throw bad(`has ${name}=${value}, outside the bounds of this tool (${lo} to ${hi}).`);
  };
  let m = BCRYPT.exec(text);
  if (m) {
    param('cost', m[1]!, BOUNDS.bcryptCost);
    return 'bcrypt';
  }
  if ((m = SCRYPT.exec(text))) {
    param('ln', m[1]!, BOUNDS.scryptLogN);
    param('r', m[2]!, BOUNDS.scryptR);
    param('p', m[3]!, BOUNDS.scryptP);
    scryptMemoryOk(field, Number(m[1]), Number(m[2]));
    encodedParts(field, m[4]!, m[5]!);
    return 'scrypt';
  }
  if ((m = ARGON2ID.exec(text))) {
    param('m', m[1]!, BOUNDS.argonMemoryKiB);
    param('t', m[2]!, BOUNDS.argonIterations);
    param('p', m[3]!, BOUNDS.argonParallelism);
    if (Number(m[1]) < 8 * Number(m[3])) throw bad(`has m=${m[1]}, less than 8 × p=${m[3]}.`);
    encodedParts(field, m[4]!, m[5]!);
    return 'argon2id';
  }
  throw bad('is not a bcrypt ($2b$), scrypt ($scrypt$ln=…) or Argon2id ($argon2id$v=19$…) encoded hash.');
}

/** Whether `password` matches `encoded`; a malformed or over-bound hash is a 400 naming `field`. */
export async function verifyPassword(field: string, password: Uint8Array, encoded: string): Promise<boolean> {
  const text = encoded.trim();
  const algorithm = readEncoded(field, text);
  if (algorithm === 'bcrypt') {
    if (password.length > 72) throw new ToolInputError(`'input' is ${password.length} bytes; bcrypt reads at most 72.`);
    return bcryptVerify({ password, hash: text.replace(/^\$2[by]\$/, '$2a$') });
  }
  if (algorithm === 'argon2id') return argon2Verify({ password, hash: text });
  const [, logN, r, p, salt, key] = SCRYPT.exec(text)!;
  const want = unpaddedBase64(field, key!);
  const got = await scrypt({
    password,
    salt: unpaddedBase64(field, salt!),
    costFactor: 2 ** Number(logN),
    blockSize: Number(r),
    parallelism: Number(p),
    hashLength: want.length,
    outputType: 'binary',
  });
  let diff = got.length ^ want.length;
  for (let i = 0; i < want.length; i++) diff |= got[i]! ^ want[i]!;
  return diff === 0;
}
