// Every request's id (X-Request-Id): the caller's own when it is one a log can carry as it is,
// else a fresh one. It is echoed in the answer and written in the access-log line, so a client
// reporting a problem, a proxy's log and ours name the same request. A proxy in front (haproxy's
// `unique-id-header`, an ingress) or a client may set it; anything longer than MAX_LENGTH or
// with other characters (spaces, quotes, control characters: log injection) is replaced, not
// cleaned, so an id in our log is always one the caller sent verbatim or one we made.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Long enough for a UUID, a ULID, a W3C trace id with its span, or a proxy's composite id. */
export const MAX_LENGTH = 128;

const SANE = new RegExp(`^[A-Za-z0-9._~:@+/=-]{1,${MAX_LENGTH}}$`);

/**
 * The id of a request whose X-Request-Id header is `given` (Node joins repeated headers with
 * ", ", which is not sane, so two ids never pass as one).
 */
export function requestId(given: string | string[] | undefined): string {
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}
