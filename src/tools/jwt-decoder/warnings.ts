// The response's `warnings`: sentences about a token that decodes and may even verify
// but that a careful reviewer would question. They never change `verified` or `expired`. Worked
// out from whatever decoded (a malformed token still shows its header and payload), in order of
// severity. Decisions where the issue is silent:
// - "no exp" applies to a claims object (a payload that is not an object is not a claims set);
//   an exp that is not a number counts as none, since no library reads it as an expiry;
// - the lifetime is exp − iat, else exp − nbf, and "over a year" means longer than 366 days, so
//   that a token valid for exactly one calendar year (leap or not) is not flagged;
// - the algorithm-confusion warning looks at the token's own alg (HS*), not at `algorithm`: the
//   attack is an HS token presented to a verifier that holds a public key.
import { isObject } from './token';
import { quote } from './messages';

const YEAR_LIMIT_SECONDS = 366 * 86_400;

export function tokenWarnings(
  header: Record<string, unknown> | undefined,
  payload: unknown,
  keyShape: string | undefined,
): string[] {
  const warnings: string[] = [];
  const alg = header?.alg;
  if (alg === 'none') {
    warnings.push(
      'The header says alg "none": the token is unsigned, so anyone can write one like it; a verifier must never accept it.',
    );
  }
  if (typeof alg === 'string' && alg.startsWith('HS') && keyShape) {
    warnings.push(
      `This ${alg} token was checked with a ${keyShape}: an HMAC token verified with a public key is the algorithm-confusion attack (the public key is no secret); a verifier must take the algorithm from its key, never from the token's alg.`,
    );
  }
  if (header && Object.hasOwn(header, 'crit')) {
    const crit = header.crit;
    const names =
      !Array.isArray(crit) || !crit.every((name) => typeof name === 'string')
        ? '(not a list of names)'
        : crit.length === 0
          ? '(an empty list)'
          : `(${crit.map((name) => quote(name)).join(', ')})`;
    warnings.push(
      `The header has "crit" ${names}: a verifier must reject the token unless it understands every extension listed (RFC 7515 §4.1.11).`,
    );
  }
  if (isObject(payload)) {
    const { exp, iat, nbf } = payload;
    if (!Object.hasOwn(payload, 'exp')) {
      warnings.push(
        'The token has no exp (expiration time) claim: it never expires, so a leaked copy stays usable until its key changes.',
      );
    } else if (typeof exp !== 'number' || !Number.isFinite(exp)) {
      warnings.push(
        'The exp claim is not a number of seconds since 1970 (RFC 7519 §2 NumericDate), so verifiers will not treat it as an expiry.',
      );
    } else {
      const [from, name] =
        typeof iat === 'number' ? [iat, 'iat'] : typeof nbf === 'number' ? [nbf, 'nbf'] : [undefined, ''];
      if (from !== undefined && Number.isFinite(from) && exp - from > YEAR_LIMIT_SECONDS) {
        warnings.push(
          `The token is valid for ${duration(exp - from)} (exp − ${name}), over a year: a long-lived bearer token stays usable for that long if it leaks.`,
        );
      }
    }
  }
  return warnings;
}

/** "400 days" below two years, "about 74 years" beyond: a size, not a date. */
function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  if (days < 730) return `${days} days`;
  return `about ${Math.floor(seconds / (365.25 * 86_400))} years`;
}
