// Page-only: what each header field and claim means, in one short sentence, beside its value.
// Sources: RFC 7515 §4.1 (header), RFC 7519 §4.1 and §5 (registered claims), OpenID Connect Core
// 1.0 §2 and §5.1 (ID token and standard claims), RFC 9068 (access tokens), RFC 7800 (cnf),
// RFC 8693 (act, may_act), and the vendor claims one meets daily (Okta cid, Azure AD tid/oid).
// Times (NumericDate) are shown as a UTC date and a relative phrase; nothing here reads the
// locale, so every browser shows the same words.
import { relativeTime } from '../../lib/relative-time';

const TIME = new Set(['exp', 'nbf', 'iat', 'auth_time', 'updated_at']);

export const HEADER_FIELDS: Record<string, string> = {
  alg: 'Algorithm the token says it was signed with; this page starts verifying with it, and you can pick another. A server must only accept the algorithms its key is meant for, never whatever this field says ("none", or HS256 with a public key).',
  typ: 'Type of the whole token: JWT, or at+jwt for an OAuth access token (RFC 9068).',
  kid: "Key ID: which of the issuer's keys signed the token; look it up in the issuer's JWKS.",
  cty: 'Content type of the payload: "JWT" means the payload is itself a nested token.',
  jku: 'JWK Set URL: where to find the signing keys. Never fetch keys from a URL the token names: an attacker can point it at their own keys.',
  jwk: 'A public key embedded in the token. Never trust it on its own: anyone can sign a token and embed their own key.',
  x5u: 'X.509 certificate URL. As with jku, never fetch a key from a URL the token names.',
  x5c: 'X.509 certificate chain of the signing key, embedded. Trust it only if it chains to a certificate you already trust.',
  x5t: 'SHA-1 thumbprint of the signing certificate.',
  'x5t#S256': 'SHA-256 thumbprint of the signing certificate.',
  crit: 'Critical extensions: header fields a verifier must understand, or else reject the token.',
  b64: 'false means the payload is signed as raw bytes, not base64url (RFC 7797).',
  enc: 'Content encryption algorithm: this is an encrypted token (JWE).',
  zip: 'Compression applied before encryption (JWE).',
};

export const CLAIMS: Record<string, string> = {
  // RFC 7519 §4.1: registered claims.
  iss: 'Issuer: who created and signed the token.',
  sub: 'Subject: whom the token is about, usually a user ID, unique within the issuer.',
  aud: 'Audience: who the token is meant for; a recipient must reject it unless it finds itself here.',
  exp: 'Expiration time: the token must be rejected from this moment on.',
  nbf: 'Not before: the token must be rejected before this moment.',
  iat: 'Issued at: when the token was created.',
  jti: 'JWT ID: a unique identifier, which lets a server refuse a token it has already seen.',
  // OpenID Connect Core §2: ID token claims.
  auth_time: 'When the user last actively logged in (OpenID Connect).',
  nonce:
    'The value the client sent with its login request, echoed back so that the client can detect a replayed token.',
  acr: 'Authentication context class: how strongly the user was authenticated.',
  amr: 'Authentication methods used, such as pwd (password), otp or mfa.',
  azp: 'Authorized party: the client the ID token was issued to.',
  at_hash: "Access token hash: the left half of the access token's hash, tying that token to this ID token.",
  c_hash: "Code hash: the left half of the authorization code's hash, tying the code to this ID token.",
  sid: 'Session ID at the identity provider, used to log the session out.',
  // OpenID Connect Core §5.1: standard claims.
  name: "The user's full name, for display.",
  given_name: "The user's given (first) name.",
  family_name: "The user's family (last) name.",
  middle_name: "The user's middle name.",
  nickname: "The user's casual name.",
  preferred_username: 'The name the user prefers to be shown as; not guaranteed unique, never use it as an ID.',
  profile: "URL of the user's profile page.",
  picture: "URL of the user's profile picture.",
  website: "URL of the user's web site.",
  email: "The user's email address.",
  email_verified: 'Whether the provider has verified that the user controls this email address.',
  gender: "The user's gender.",
  birthdate: "The user's birthday (YYYY-MM-DD, or YYYY).",
  zoneinfo: "The user's time zone, e.g. Europe/Paris.",
  locale: "The user's language and region, e.g. en-US.",
  phone_number: "The user's phone number.",
  phone_number_verified: 'Whether the provider has verified this phone number.',
  address: "The user's postal address.",
  updated_at: "When the user's profile information was last changed.",
  // OAuth 2.0 access tokens (RFC 9068, RFC 8693, RFC 7800) and common practice.
  scope: 'Scopes granted: what the bearer of the token may do, space-separated (OAuth 2.0).',
  scp: 'Scopes granted: what the bearer of the token may do (Okta, Azure AD).',
  client_id: 'The OAuth client the token was issued to (RFC 9068).',
  cid: 'Client ID: the OAuth client the token was issued to (Okta).',
  roles: "Roles granted to the subject; their meaning is the application's.",
  groups: 'Groups the subject belongs to.',
  permissions: 'Permissions granted to the subject.',
  entitlements: 'Entitlements granted to the subject.',
  typ: 'Token type as set by the issuer (e.g. Bearer, ID or Refresh in Keycloak).',
  cnf: 'Confirmation: the key this token is bound to; the bearer must prove it holds that key (RFC 7800).',
  act: 'Actor: who is acting on behalf of the subject (token exchange, RFC 8693).',
  may_act: 'Who may act on behalf of the subject (RFC 8693).',
  tid: 'Tenant ID: the directory (organisation) the user signed in to (Azure AD).',
  oid: "Object ID: the user's immutable ID in the directory (Azure AD).",
  upn: "User principal name: the user's sign-in name (Azure AD).",
  ver: 'Version of the token format (Azure AD, Okta).',
  uid: 'User ID (Okta).',
  org_id: 'Organisation the token belongs to.',
};

export interface ExplainedField {
  name: string;
  /** The value as text: strings as they are, anything else as compact JSON, cut at 300 characters. */
  value: string;
  /** The sentence of the table above, or undefined for a field of the issuer's own. */
  meaning?: string;
  /** For times: the UTC date and how long ago or ahead. */
  time?: { iso?: string; relative?: string; hint?: string };
}

const MAX_MS = 8.64e15;
const MAX_VALUE = 300;

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

function time(seconds: number, nowMs: number): ExplainedField['time'] {
  const ms = seconds * 1000;
  const out: NonNullable<ExplainedField['time']> = {};
  if (Number.isFinite(ms) && Math.abs(ms) <= MAX_MS) {
    out.iso = new Date(ms).toISOString();
    out.relative = relativeTime(ms, nowMs);
  }
  if (Math.abs(seconds) >= 1e11) out.hint = 'This looks like milliseconds; JWT times are in seconds since 1970.';
  return out;
}

function explain(fields: unknown, meanings: Record<string, string>, nowMs?: number): ExplainedField[] {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return [];
  return Object.entries(fields as Record<string, unknown>).map(([name, value]) => {
    const entry: ExplainedField = { name, value: shown(value) };
    if (Object.hasOwn(meanings, name)) entry.meaning = meanings[name];
    if (nowMs !== undefined && TIME.has(name) && typeof value === 'number') entry.time = time(value, nowMs);
    return entry;
  });
}

export const explainHeader = (header: unknown) => explain(header, HEADER_FIELDS);
export const explainClaims = (payload: unknown, nowMs: number) => explain(payload, CLAIMS, nowMs);
