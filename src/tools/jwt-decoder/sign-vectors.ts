// Test-only private keys for the encode vectors (never use them for anything else): an RSA 2048
// key as PKCS#1 and an EC P-256 key as SEC1, made once with openssl (genrsa -traditional 2048;
// ecparam -name prime256v1 -genkey -noout), and the Ed25519 key of RFC 8037 A.1 as a private JWK.
// The expected RS256 and EdDSA tokens were signed once with node:crypto, not with jose.
export const SIGN_RSA_PKCS1 = `-----BEGIN RSA PRIVATE KEY-----
MIIEpAIBAAKCAQEAomLQ4Row822AsGRehaihRL8t13h5GyfB6b7Yg1Qhi4NChvHB
casPkJ73qY8tyoON8xe6JmRf914DDywBs56TogWSpUZtfXQxinPuFrKybTrupzT4
9/C7qqo7jYjlq0qoZsGwu8mC85hCUdux6Z2m6ep1FWyD1hbBFK96FDU8IAFJGz77
x3kndSu04ayLn2wO+kc8PNKDRnf8l2iG894Xv14/uWEVn0sl+biBgDvE1DNTPgTA
wnTl1kJjPA0F3zq8VcGGFi2oIbKvyxtCpEZ3qs+Rd0l64iZNA0zn4+Ro+luLUwhD
0gFiH9tFU+xmUWShR7rcg8Bgc9gzg+ifOnfqoQIDAQABAoIBABlnKf688SweVO5t
6oIwR3eQt3l+EDwDnoiUNsdnXDljVv9InJbNSDRl70p9lTqZapW9KtLMtbKQk3FG
f3GmUg7GSRLv5JBRTVq3w2brnOa3kb64lmYl08XhYaBE6ouUX1R2jSZODN1R/rX9
j2SDftQYaH6Ufj9PSfSUIEiUV2E4x8ZhnCMZ5HPb8bf0FhrlQH0ZUKOQS9igV4pD
Qjr2kTDV571sW1GTESp9h0eb7CnsgXRY1oMHUDsnj9maS7dHFSrQc6ieY95fv6Qa
aXa5J9+Moc/OnLR1pUkrVU9GFEA9gYt8OICQJmxT9sGVtxK4B5U2dlteoh/ebqBD
KZ/LK50CgYEA0inC1dqnBk9wsNGXWeLNfxG0h+iIzmPa1npBfmYj0DO1PEr01w8u
FV3aGap+mTIl8j2VF/Jb1lN5GDIEOFu7vfI/0cHwQYrn2IhEF/lxOSMOr+pWimWr
D8F1tkuO2PWb9q/tLVzlI7iy51WxtwRBbPoezMHySla1e+H3T1LwCH8CgYEAxc13
/X1FZtx9/dkNz19UxlWL9fQHzPut0Pnu6ebTTccpQL2u66f7xRG543/LtWd9SOBI
xKQa8YkIsQ/sdDcX1xSNjaYdcZcLFGyp7pYXrKFLGwU38Yh/9OYitRz2+uPivD1Z
1EJfLh5zxjQvkKcCkcSS0znPjBnPHS0fN889fN8CgYEAuw7omCgR2hADIZ6rtBmn
Bp7frMhQXEOMmLIgcTzAS6R6f7vHyVN9lQ7//TA/lmOIWuBtP+87xrxtYBfEodUk
eaCRJUYVboEQcy52TVB8cnq9q95MQMrVQyTSfPsrnfieZSeZV3MDkJPoyPcBQwDK
qxDFMUK/QWOEDUvHMBeGBkkCgYBogGUkR0qjTVpDAqmJJZRkNE39Yy+73Du4bFMM
wCZisRXaXlxLpDQfqX3L83hsHoDSP6wyN4EEmqE86mzB+VlfCDzA2UI1ANeZss8U
fbeEPLKxU9B6iuMPP4aWqPbTFhJz4PXUbjxa4TvJO0jl41Y4LOJlNeWw3vHNOEmF
8rdJgQKBgQCRKxMhspn82Xw1suD1edBWHFhfadF0phK56CERfXX1TUT+PEHiPQIb
oxwLtm8aq/jDCvDO+SuxvBOMFk2xBnOqUD0LvKc5S8y1RKWLnzM8YVA28LTCdhNt
S83S6WwvR7Rej2nge1WYzbtXQfDmrwjQaUEfq7YZx93M7Gn4AgXdFQ==
-----END RSA PRIVATE KEY-----
`;
export const SIGN_RSA_SPKI = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAomLQ4Row822AsGRehaih
RL8t13h5GyfB6b7Yg1Qhi4NChvHBcasPkJ73qY8tyoON8xe6JmRf914DDywBs56T
ogWSpUZtfXQxinPuFrKybTrupzT49/C7qqo7jYjlq0qoZsGwu8mC85hCUdux6Z2m
6ep1FWyD1hbBFK96FDU8IAFJGz77x3kndSu04ayLn2wO+kc8PNKDRnf8l2iG894X
v14/uWEVn0sl+biBgDvE1DNTPgTAwnTl1kJjPA0F3zq8VcGGFi2oIbKvyxtCpEZ3
qs+Rd0l64iZNA0zn4+Ro+luLUwhD0gFiH9tFU+xmUWShR7rcg8Bgc9gzg+ifOnfq
oQIDAQAB
-----END PUBLIC KEY-----
`;
export const SIGN_EC_SEC1 = `-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIBtyS/QRd8oRfg4Dv6PH1+6F0HjC4O9LpqPRlBNA+Sw5oAoGCCqGSM49
AwEHoUQDQgAEliKmLI4UIKzVJsKtX1xUBs8YJ/dX3y4Bz+Pf3K/i+pVtu5JjlAvo
/C0IshrITsccJ5QEkt3+m8oLqCrQDYwi5A==
-----END EC PRIVATE KEY-----
`;
export const SIGN_EC_SPKI = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEliKmLI4UIKzVJsKtX1xUBs8YJ/dX
3y4Bz+Pf3K/i+pVtu5JjlAvo/C0IshrITsccJ5QEkt3+m8oLqCrQDYwi5A==
-----END PUBLIC KEY-----
`;
export const RFC8037_ED25519_PRIVATE_JWK = {
  kty: 'OKP',
  crv: 'Ed25519',
  d: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
};
export const RFC8037_ED25519_PUBLIC_JWK = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
};
/** jwt.io's sample claims, signed by each algorithm of the encode vectors. */
export const SAMPLE_CLAIMS = { sub: '1234567890', name: 'John Doe', iat: 1516239022 };
export const SIGNED_RS256 =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.LfqnP1KqIejjuXsmlg-sQoV-yfcI-j9f38lzjHVX5r6Pm24rZseneFB9f4nGoJUfs5s_ENN64Mx-1lre6WfJnuD_LGlRuKhg6cNyRXsRUKfNUZHd2nf7XuDXMh7PH3c19s5tKJbYvc_ZxXD7KHvvGtWPaBwc0CSmBgWhaRJZpusyXoKYE3SQunwNH2wgj9Eg6ehVMmY7HzpXEB29sFqGWkonC3ZwZIpR82d2KfFtoW2mw0PyTvw7AERRD1dH1uzcpDoAt-l2rlLTECyOzebRBWMq3rVeuWk49pVHXuOkYcw2PST6z_lV0eEPUQ4E63lQPvRzwDb1qy8BZS2HmYnMtA';
export const SIGNED_EDDSA =
  'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.vLeihDpjKFbZGE86WqTj7w1eeRh6p8kiUw3oDfW6IS1i79tAeUdaK4vodykBqybCjAa5P9250Ts6w1a9knr9Ag';
