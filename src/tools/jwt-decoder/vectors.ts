// Fixed vectors shared by cases.ts (sent over HTTP to every door) and the unit tests, which
// re-verify each signature with node:crypto, independently of this tool.
//
// Published: RFC 7515 Appendix A.1-A.3 (JWS examples), RFC 8037 Appendix A.4 (Ed25519), the jwt.io
// HS256 sample (secret "your-256-bit-secret") and the HS* samples of github.com/mazen160/jwt-pwn
// (secret "1234"). Everything else was generated once with node:crypto and openssl and pasted.

/** RFC 7515 A.1: HS256; its key is binary (not UTF-8): given as the JWK of A.1.1 or its bytes in Base64. */
export const RFC7515_HS256 =
  'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
/** RFC 7515 A.1.1: the HS256 key, as a JWK. */
export const RFC7515_HS256_JWK = {
  kty: 'oct',
  k: 'AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow',
};
/** The A.1.1 key's "k" in standard Base64 (node:crypto Buffer.from(k, 'base64url').toString('base64')). */
export const RFC7515_HS256_BASE64 =
  'AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ+EstJQLr/T+1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow==';

/**
 * RFC 7520 §4.4 (HMAC-SHA2 integrity protection), compact serialization of §4.4.3: HS256 with
 * kid "018c0ae5-4d9b-471b-bfd6-eef314bc7037" over the §4 payload, which is text (Tolkien), not
 * JSON; and the §3.5 symmetric key that verifies it.
 */
export const RFC7520_HS256 =
  'eyJhbGciOiJIUzI1NiIsImtpZCI6IjAxOGMwYWU1LTRkOWItNDcxYi1iZmQ2LWVlZjMxNGJjNzAzNyJ9.SXTigJlzIGEgZGFuZ2Vyb3VzIGJ1c2luZXNzLCBGcm9kbywgZ29pbmcgb3V0IHlvdXIgZG9vci4gWW91IHN0ZXAgb250byB0aGUgcm9hZCwgYW5kIGlmIHlvdSBkb24ndCBrZWVwIHlvdXIgZmVldCwgdGhlcmXigJlzIG5vIGtub3dpbmcgd2hlcmUgeW91IG1pZ2h0IGJlIHN3ZXB0IG9mZiB0by4.s0h6KThzkfBBBkLspW1h84VsJZFTsPPqMDA7g1Md7p0';
export const RFC7520_OCT_JWK = {
  kty: 'oct',
  kid: '018c0ae5-4d9b-471b-bfd6-eef314bc7037',
  use: 'sig',
  alg: 'HS256',
  k: 'hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg',
};

/** The claims of every RFC 7515 example (its payload has CRLF line breaks). */
export const RFC7515_CLAIMS = { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true };

/** RFC 7515 A.2: RS256, and the example RSA public key (A.2.1) as a JWK. */
export const RFC7515_RS256 =
  'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw';
export const RFC7515_RSA_JWK = {
  kty: 'RSA',
  n: 'ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ',
  e: 'AQAB',
};
/** The same key as SPKI and as PKCS#1 PEM (node:crypto createPublicKey(jwk).export()). */
export const RFC7515_RSA_SPKI = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAofgWCuLjybRlzo0tZWJj
NiuSfb4p4fAkd/wWJcyQoTbji9k0l8W26mPddxHmfHQp+Vaw+4qPCJrcS2mJPMEz
P1Pt0Bm4d4QlL+yRT+SFd2lZS+pCgNMsD1W/YpRPEwOWvG6b32690r2jZ47soMZo
9wGzjb/7OMg0LOL+bSf63kpaSHSXndS5z5rexMdbBYUsLA9e+KXBdQOS+UTo7WTB
EMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6/I5IhlJH7aGhyxX
FvUK+DWNmoudF8NAco9/h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXp
oQIDAQAB
-----END PUBLIC KEY-----
`;
export const RFC7515_RSA_PKCS1 = `-----BEGIN RSA PUBLIC KEY-----
MIIBCgKCAQEAofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd/wWJcyQoTbji9k0l8W2
6mPddxHmfHQp+Vaw+4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL+yRT+SFd2lZS+pCgNMs
D1W/YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb/7OMg0LOL+bSf63kpaSHSXndS5
z5rexMdbBYUsLA9e+KXBdQOS+UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxv
b3qCo5ZwKh9kG4LT6/I5IhlJH7aGhyxXFvUK+DWNmoudF8NAco9/h9iaGNj8q2et
hFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQIDAQAB
-----END RSA PUBLIC KEY-----
`;

/** RFC 7515 A.3: ES256 and the example P-256 public key (A.3.1). */
export const RFC7515_ES256 =
  'eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q';
export const RFC7515_EC_JWK = {
  kty: 'EC',
  crv: 'P-256',
  x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
  y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
};

/** RFC 8037 A.4: an Ed25519 JWS whose payload is the text "Example of Ed25519 signing" (not JSON). */
export const RFC8037_EDDSA =
  'eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg';

/** jwt.io's sample token; secret "your-256-bit-secret". */
export const JWT_IO_HS256 =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/** mazen160/jwt-pwn examples: payload {"jwt":"pwn"}, secret "1234"; and its unsigned (alg none) one. */
export const JWT_PWN_HS384 =
  'eyJhbGciOiJIUzM4NCIsInR5cCI6IkpXVCJ9.eyJqd3QiOiJwd24ifQ.PN-zgRhsqD1C9ph47OPR_d6kp9zj1rbZLgpGS6sOgpzsExpMAbfi3ZkSLLMiHbjh';
export const JWT_PWN_HS512 =
  'eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJqd3QiOiJwd24ifQ.LePEq8NgLWdfEqAV1SXbJptfGJK3ED1V-NbCLGcvaCkazu7a4KRChu1U2SQdnrgok6tdOdo7f_wLTfWKuqZ4fA';
export const JWT_PWN_NONE = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJqd3QiOiJwd24ifQ.';

/** Self-signed test certificates (openssl req -x509, 100 years) and tokens signed by their keys. */
export const RSA_CERT = `-----BEGIN CERTIFICATE-----
MIIDITCCAgmgAwIBAgIUeSvlNELYaXfL4FD9Qz3kW3s2ubkwDQYJKoZIhvcNAQEL
BQAwHzEdMBsGA1UEAwwUand0LWRlY29kZXItcnNhLXRlc3QwIBcNMjYxMTIxMTI0
MDU1WhgPMjEyNjEwMjgxMjQwNTVaMB8xHTAbBgNVBAMMFGp3dC1kZWNvZGVyLXJz
YS10ZXN0MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA62TRmCTk+ep3
yIPewJDsbCrB/ETvBCRdO2C2qW0Kx20zSHj8YnFdNq+60bbXF0hjxJkfdsvadZeg
+geKBtk66jSXo2UzSCL9U9nEEVQdsR1AH5nq9WTSEP5N0wDomnKVRBDBKTH7FNxz
AEadZsvwwLJHXq7UE8QSWMIrdcsfNiOL+Y+At2gYLriMcM1WRm9t5HQShaYe5umg
Rzj6gFxVo67ACpamr9zDz6dSJUTZlz19qUR2DqQto8kJ4q77SMFjOXe9fQ1D+Yx7
dObmjRM9dwOib8HWm5mTPvtLxB8jWjBG/FQEuXuNUVW37G4OAM+JZLvrkCkTJH6e
1+DSg5Z/wwIDAQABo1MwUTAdBgNVHQ4EFgQUsmStgbXvTb9vaLTGtwKSdG4LPqYw
HwYDVR0jBBgwFoAUsmStgbXvTb9vaLTGtwKSdG4LPqYwDwYDVR0TAQH/BAUwAwEB
/zANBgkqhkiG9w0BAQsFAAOCAQEAp1kBbo8kF1fzIfwsSK6UHrkJ4+iGeCVya+9X
gwLvhqx/LDmMrkbkspBAjuyXJbzs6kKQ49j6qBgo0TRGQz1QwVWq0pM+EjgtYzKQ
HBUYDyCwLWR9bVHeGy8PqPhEFCcrb4MpdMlv8oCCRz8oS9uymfDcgTeMGa+vK0w1
v1Hr+6z5wx2xLZsyclT5i/i8KBJJZU/tRqosD6Dz6OmH+AOb+Xc8FCuogqKjqRcF
ZEmVaJzP+/RLzQt+3/bCsBxbSJ1RUJRNM8Dg4KcQ7L0m+osOjW+K8GGIZG5wf1ay
/4ZBclI4OSDHuyq9aVF9njMu5xXWDZUgCPReaOXXlufswEhzUg==
-----END CERTIFICATE-----
`;
/** The RSA certificate's public key as SPKI. */
export const RSA_SPKI = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA62TRmCTk+ep3yIPewJDs
bCrB/ETvBCRdO2C2qW0Kx20zSHj8YnFdNq+60bbXF0hjxJkfdsvadZeg+geKBtk6
6jSXo2UzSCL9U9nEEVQdsR1AH5nq9WTSEP5N0wDomnKVRBDBKTH7FNxzAEadZsvw
wLJHXq7UE8QSWMIrdcsfNiOL+Y+At2gYLriMcM1WRm9t5HQShaYe5umgRzj6gFxV
o67ACpamr9zDz6dSJUTZlz19qUR2DqQto8kJ4q77SMFjOXe9fQ1D+Yx7dObmjRM9
dwOib8HWm5mTPvtLxB8jWjBG/FQEuXuNUVW37G4OAM+JZLvrkCkTJH6e1+DSg5Z/
wwIDAQAB
-----END PUBLIC KEY-----
`;
export const EC_CERT = `-----BEGIN CERTIFICATE-----
MIIBkzCCATmgAwIBAgIUQrc9Cv3kAjn1MQmluN+GXzH4zYQwCgYIKoZIzj0EAwIw
HjEcMBoGA1UEAwwTand0LWRlY29kZXItZWMtdGVzdDAgFw0yNjExMjExMjQwNTVa
GA8yMTI2MTAyODEyNDA1NVowHjEcMBoGA1UEAwwTand0LWRlY29kZXItZWMtdGVz
dDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABEZXSSs7tbMVuMumpwXdVdood6yz
eRIDM0JWAy8vmCPtrp9mlRsFFIcdgK2THdECCXVuM1Scc7HwKFGm9nyRlwqjUzBR
MB0GA1UdDgQWBBSzrl0ddLXfLftNEyYhNgAuQWm+KjAfBgNVHSMEGDAWgBSzrl0d
dLXfLftNEyYhNgAuQWm+KjAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gA
MEUCIQDMN1rhABEii5pdZa8bWiTr1nfUtpg2ghVI0hFeDQpG5gIgFtt453dxkcbk
cz9CYun/tiI2oIOEstl/SLO9SwBf+bQ=
-----END CERTIFICATE-----
`;
/** RS256 and ES256 by the certificates' keys: {"sub":"cert-user","exp":32503680000} (year 3000). */
export const CERT_RS256 =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjZXJ0LXVzZXIiLCJleHAiOjMyNTAzNjgwMDAwfQ.C_oZzdjM7ZIig7kbYQuyv_L531K-HhuNFSj58uQAAKaGCfmvKsp2nLh_-Gar6vEcmBwP5e7N2vAZG-iINGUOIu432wB5yw3DA86a3j9HqMFCrsej4ZR-3FwdDeTsCGqoM4bhmM2UiU-bA17_h7scTiZZQGgBUB9a8fThJJhLwtL6GM6MxTXxlKL5VXUp43DZR3NlsJM6MJD8O4Ap85GFqmpGZapVnbnKeWg2_aX8aa2C69bPP2z-kutmQlmXja8_JwwnfZANtNlThHfeb6eAmeLbKCQDWx8HEWM9eqzF88gNg4RtC-Aw6ZhkHMwmnjDktDkTsalxxUB14tSrycWI7g';
export const CERT_ES256 =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjZXJ0LXVzZXIiLCJleHAiOjMyNTAzNjgwMDAwfQ.HYVfVwjsEsL6NKpBilyXtWgUiNIbGW7qNwkZ10KyuFf_o4V_CvsfR36z5gfspWu8-xbyz42ZPQE7_KZgFtwigg';
/** The RSA certificate's public key as a JWK (node:crypto export({ format: 'jwk' })). */
export const RSA_CERT_JWK = {
  kty: 'RSA',
  n: '62TRmCTk-ep3yIPewJDsbCrB_ETvBCRdO2C2qW0Kx20zSHj8YnFdNq-60bbXF0hjxJkfdsvadZeg-geKBtk66jSXo2UzSCL9U9nEEVQdsR1AH5nq9WTSEP5N0wDomnKVRBDBKTH7FNxzAEadZsvwwLJHXq7UE8QSWMIrdcsfNiOL-Y-At2gYLriMcM1WRm9t5HQShaYe5umgRzj6gFxVo67ACpamr9zDz6dSJUTZlz19qUR2DqQto8kJ4q77SMFjOXe9fQ1D-Yx7dObmjRM9dwOib8HWm5mTPvtLxB8jWjBG_FQEuXuNUVW37G4OAM-JZLvrkCkTJH6e1-DSg5Z_ww',
  e: 'AQAB',
};
/** RS256 by the RSA certificate's key, header kid "cert-rsa": {"sub":"kid-user","iat":1767225600,"exp":1767229200}. */
export const KID_RS256 =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImNlcnQtcnNhIn0.eyJzdWIiOiJraWQtdXNlciIsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjoxNzY3MjI5MjAwfQ.Q0ZhNuQzMg9DOdooELz2smD3Q4Sa936jTIQJ_4uPmP33QEVGqbF_MZJwmeuXf-t7gRjFIahOF-blUan6cSAKFE6BHr9KGhlrZexksQ_7cK16694Fya7hbRmLk1LFcWdR9i_JEwonpuHFNWWuRxSvSgRF_lCN8bUjMCOK-ZDffCEP0PUB1Ztno-lWmvlbhKQ8KYA9C6R6OlAozOBfwQr6O_bNhwS236ar8sgoAgvuYPEDs-4baMmszowY2IDCdJJ1QQaMYT1ZaMnxxrYit1OaHU23WuDEKEjGW0hZr_kZw9P-PaJEXx1iJJHwIh05u-B-rEXBrQGriTxriA_KgtbV_g';

/** PS256 by the RSA certificate's key: {"sub":"pss-user","iat":1700000000}. */
export const PS256 =
  'eyJhbGciOiJQUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwc3MtdXNlciIsImlhdCI6MTcwMDAwMDAwMH0.bITmm3jZSvEnznB9HqCgOupGh5_gPI-XfC5c6uZxU2Xgm_Bdmdm6hC0J2DJ7SWn3_TItehZPoswpEg_U1Hz-SSDNvYMvdX7oH4P6DISwyelOxvnkyvmdXttU9OvmwQ1dYskm8JXjAl-f-rFLNwcpEf051jOxGY0dSnNEDVUNoGcR_uZyykd4chWTVXEVoDX7ZPHUit28Jf6uyRjugSAvW5LLBYn6OjvM97xAikfLgXwafRyaf_oM7tN-_VCF5Sn9vyYzbfc1BdwDQ_5-LvdshVs0tB_yCkxgCQK_53S7GXXHl26T92bidcvY6uEwjYm4xmbjLTWMUkk1yPujR38Zbg';

/** An Ed25519 key (public JWK) and an EdDSA token it signed: {"sub":"ed-user","exp":1}. */
export const ED25519_JWK = { kty: 'OKP', crv: 'Ed25519', x: 'G0JtKvDS4t-7vNvqsiF3BuphHQ43eSyIxzuNi6gDZpU' };
export const EDDSA =
  'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJlZC11c2VyIiwiZXhwIjoxfQ.TVmt3ZXX-zhXDStgY5Ms-ZyD-n4MqWNrmOUWYu4c8N5NfuidsTmmT1GzcPkfCrGd3L8GB871ezE91-JfAhupDw';

/** A P-521 public key (SPKI) and an ES512 token it signed: {"sub":"p521-user","admin":true}. */
export const P521_SPKI = `-----BEGIN PUBLIC KEY-----
MIGbMBAGByqGSM49AgEGBSuBBAAjA4GGAAQASyZjfgkhEX0Z0qHcS9o6nVEMtJE0
rU9KyfrwA1HIzS8VS7kkD4HgU9yAP1V2rjqjTH9YT1Tl0t882pRUkZhliH4Au4t9
fEnYBEwHsFl32AcOB5V2PbQRpTXhBYtZ2eGhGYHkBg4gTbrWy79QnQBXEOcg4p0i
jknCRreDTaV5Td4bGJk=
-----END PUBLIC KEY-----
`;
export const ES512 =
  'eyJhbGciOiJFUzUxMiJ9.eyJzdWIiOiJwNTIxLXVzZXIiLCJhZG1pbiI6dHJ1ZX0.AZ-nYVp1nOpGRqWaJRSDHviUSg7rxJ0wMhgM_hwoLcrQ5uu_L__P38z_4DDWwZJTC44EV3HyIfUnAS4tVa8S4MusAXQ8yZHknf7Pw6i6-dXnrqcBsan-30Ch6V_GqUwskH14r-l8TnDU97Qxb_S2KFhbZHhS3c5pF2yuK_xfxsFzg7m4';

/**
 * The algorithm-confusion attack: an HS256 token whose HMAC key is the text of RFC7515_RSA_SPKI
 * (createHmac('sha256', pem)). It must never verify with that PEM, under any algorithm.
 */
export const CONFUSION_HS256 =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhdHRhY2tlciIsImFkbWluIjp0cnVlfQ.6K8pFcIl7FsTWabwpsWQMDFxXrXgsNq2ZfSmRxjWK5k';

/** A 1024-bit RSA key (too short for RS256, RFC 7518 §3.3) and an RS256 token it signed. */
export const RSA1024_SPKI = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDPlqaFTikmJMN6bt4N1C/c2ZYL
c7djppLBHk6Xb+56hHYRKj4HpJojdJgcNAFaO+/+O7nznd6cQmyrBqJcOPYoljnN
0TlYBUgoJtb5C8JinkNPnnFlou+LA+xNAjHHb6GS8pNARaQqRdjKRNZRxst/63un
g6/uuHv+JqRs/vyhjQIDAQAB
-----END PUBLIC KEY-----
`;
export const RS256_1024 =
  'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ3ZWFrIn0.wj_epkOYqKoaQlLgq3ik9ODPqaAA8Y7o3C3MqfzxTnDrf_k_yyY96Lf16k2OBLqpscTIU6fkR_OzoSH1hmRIo5NIYlqvoUffIj2aEX_Eg3l11STiHGUI10bgkjSfjM2RwN0jdycKlakdE1INUL4GNNTuB-tXxZqBfylspi1bw90';
