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
