// One request's account with the rate limiter (docs/contract.md §2): who is asking, worked out
// only when needed (never for files), and what the limiter has charged so far, since it may
// charge more later (a chunked body once its size is known, MCP batches call by call).
//
// A class, made once per request: the object literal with a `get charged()` it replaces cost
// 20–30 µs of CPU per light request, nearly all in V8's young-generation collections, which
// promoted some 2.6 MiB per collection (each request's closures and what they reach) against
// 43 KiB without it (docs/stack.md, goal 1; bench/server-cpu.mjs). Keep accessors off objects
// made per request.
import type { IncomingMessage } from 'node:http';
import type { CallOptions } from '../core/invoke';
import { presentedKey, type PresentedKey } from './api-keys';
import { addressBucket } from './client-address';
import type { Metrics } from './metrics';
import type { LimitDecision, RateLimiter } from './rate-limit';

interface AccountParts {
  limiter: RateLimiter | undefined;
  metrics: Metrics | undefined;
  clientOf: (req: IncomingMessage) => string;
}

export class RequestAccount {
  #charged = 0;
  #who: { address: string; key: PresentedKey } | undefined;
  #call: CallOptions | undefined;
  readonly #req: IncomingMessage;
  readonly #signal: () => AbortSignal;
  readonly #parts: AccountParts;

  constructor(req: IncomingMessage, signal: () => AbortSignal, parts: AccountParts) {
    this.#req = req;
    this.#signal = signal;
    this.#parts = parts;
  }

  /** Bytes' or calls' worth charged so far. */
  get charged(): number {
    return this.#charged;
  }

  /** Charges `cost` more; a 429 decision is counted as a refusal. Only with a limiter. */
  charge(cost: number): Promise<LimitDecision> {
    this.#charged += cost;
    const { address, key } = this.#caller();
    return this.#parts.limiter!.decide(address, key, cost).then((decision) => {
      if (decision.refusal?.status === 429) this.#parts.metrics?.refused('rate limit');
      return decision;
    });
  }

  /** What the call paths are told: the client's bucket, and the signal of a client that left. */
  callOptions(): CallOptions {
    if (this.#call) return this.#call;
    const { limiter } = this.#parts;
    const { address, key } = this.#caller();
    return (this.#call = { signal: this.#signal, client: limiter ? limiter.bucketOf(address, key) : `ip:${address}` });
  }

  #caller() {
    return (this.#who ??= {
      address: addressBucket(this.#parts.clientOf(this.#req)),
      key: presentedKey(this.#req.headers),
    });
  }
}

export function openAccount(req: IncomingMessage, signal: () => AbortSignal, parts: AccountParts): RequestAccount {
  return new RequestAccount(req, signal, parts);
}
