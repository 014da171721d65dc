// The password hashes' names, cost fields, bounds and defaults: read by the schema (which pages load) and by
// ./password.ts (which loads hash-wasm), so the bounds have one source and the schema stays light.
import { ToolInputError } from '../define';

export const PASSWORD_ALGORITHMS = ['bcrypt', 'scrypt', 'argon2id'] as const;
export type PasswordAlgorithm = (typeof PASSWORD_ALGORITHMS)[number];

/** Inclusive bounds of each cost; one source for validation of requests and of encoded hashes. */
export const BOUNDS = {
  bcryptCost: [4, 12],
  scryptLogN: [1, 16],
  scryptR: [1, 16],
  scryptP: [1, 4],
  /** scrypt's memory is 128·N·r bytes. */
  scryptMemory: 64 * 1024 * 1024,
  argonMemoryKiB: [8, 65536],
  argonIterations: [1, 3],
  argonParallelism: [1, 4],
} as const;

/** Each cost field of a request and the one algorithm it belongs to. */
export const COST_FIELDS = {
  cost: 'bcrypt',
  log_n: 'scrypt',
  r: 'scrypt',
  p: 'scrypt',
  memory_kib: 'argon2id',
  iterations: 'argon2id',
  parallelism: 'argon2id',
} as const satisfies Record<string, PasswordAlgorithm>;

/** A digest request must not carry a password hash's fields: they would be silently ignored. */
export function refusePasswordFields(request: Readonly<Record<string, unknown>>, algorithm: string): void {
  const stray = [...Object.keys(COST_FIELDS), 'salt'].find((field) => request[field] !== undefined);
  if (stray)
    throw new ToolInputError(
      `'${stray}' is only for the password hashes (bcrypt, scrypt, argon2id), not ${algorithm}.`,
    );
}

export const PASSWORD_DEFAULTS = {
  bcryptCost: 10,
  scryptLogN: 15,
  scryptR: 8,
  scryptP: 1,
  argonMemoryKiB: 19456,
  argonIterations: 2,
  argonParallelism: 1,
} as const;
