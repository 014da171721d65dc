// The page's "Load example": a real-looking HS256 access token with the usual registered claims
// (RFC 7519 §4.1) and a few private ones, and the made-up secret that verifies it, so the page
// shows a verified signature, the claims and their times at once. Made for this page: the
// secret is public, so the token grants nothing anywhere.
export const SAMPLE = {
  token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IjIwMjYtMDEifQ.eyJpc3MiOiJodHRwczovL2F1dGguZXhhbXBsZS5jb20vIiwic3ViIjoidXNlcl84ZjE0ZTQ1ZiIsImF1ZCI6Imh0dHBzOi8vYXBpLmV4YW1wbGUuY29tIiwibmFtZSI6IkFkYSBMb3ZlbGFjZSIsImVtYWlsIjoiYWRhQGV4YW1wbGUuY29tIiwicm9sZXMiOlsiYWRtaW4iLCJiaWxsaW5nIl0sInNjb3BlIjoicmVhZDppbnZvaWNlcyB3cml0ZTppbnZvaWNlcyIsImlhdCI6MTc2NzIyNTYwMCwibmJmIjoxNzY3MjI1NjAwLCJleHAiOjQxMDI0NDQ4MDAsImp0aSI6IjZjMWYwYTllLTNkMmItNGM3YS05ZTE1LTFiMmQzYzRlNWY2MCJ9.CksGJWwmHFKBxlNAph2OLXzOKsGu--7fgSN2l3ojX5s',
  secret: 'example-secret-do-not-use',
  algorithm: 'HS256',
} as const;

// The Encode tab's example: the same kind of claims (the helpers write fresh times into them)
// and a made-up secret, so "Load example" signs at once.
export const SIGN_SAMPLE = {
  header_json: '{\n  "kid": "2026-01"\n}',
  payload_json:
    '{\n  "iss": "https://auth.example.com/",\n  "sub": "user_8f14e45f",\n  "aud": "https://api.example.com",\n  "roles": ["admin", "billing"],\n  "iat": 1767225600,\n  "exp": 4102444800\n}',
  signing_key: 'example-secret-do-not-use',
  algorithm: 'HS256',
  secret_encoding: 'utf8',
} as const;
