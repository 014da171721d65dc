// One request's account with the rate limiter (docs/contract.md §2): who is asking, worked out
// only when needed (never for files), and what the limiter has charged so far, since it may
// charge more later (a chunked body once its size is known, MCP batches call by call).
import type { IncomingMessage } from 'node:http';
import type { CallOptions } from '../core/invoke';
import { presentedKey, type PresentedKey } from './api-keys';
import { addressBucket } from './client-address';
import type { Metrics } from './metrics';
import type { LimitDecision, RateLimiter } from './rate-limit';

export interface RequestAccount {
  /** Bytes' or calls' worth charged so far. */
  readonly charged: number;
  /** Charges `cost` more; a 429 decision is counted as a refusal. Only with a limiter. */
  charge(cost: number): Promise<LimitDecision>;
  /** What the call paths are told: the client's bucket, and the signal of a client that left. */
  callOptions(): CallOptions;
}

export function openAccount(
  req: IncomingMessage,
  signal: () => AbortSignal,
  {
    limiter,
    metrics,
    clientOf,
  }: { limiter: RateLimiter | undefined; metrics: Metrics | undefined; clientOf: (req: IncomingMessage) => string },
): RequestAccount {
  let who: { address: string; key: PresentedKey } | undefined;
  const caller = () => (who ??= { address: addressBucket(clientOf(req)), key: presentedKey(req.headers) });
  let charged = 0;
  let call: CallOptions | undefined;
  return {
    get charged() {
      return charged;
    },
    charge(cost) {
      charged += cost;
      return limiter!.decide(caller().address, caller().key, cost).then((decision) => {
        if (decision.refusal?.status === 429) metrics?.refused('rate limit');
        return decision;
      });
    },
    callOptions: () =>
      (call ??= {
        signal,
        client: limiter ? limiter.bucketOf(caller().address, caller().key) : `ip:${caller().address}`,
      }),
  };
}
