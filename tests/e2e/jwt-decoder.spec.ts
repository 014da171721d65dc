import { createHmac, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { decodeFragment } from '../../src/ui/fragment';
import { clipboardText, expect, test } from './fixtures';

// Known answers from outside this project: the jwt.io sample token (secret "your-256-bit-secret")
// and RFC 7515 Appendix A.2 (RS256 token and its RSA public key, given there as a JWK). Dates
// were computed by hand / with Python's datetime. Fresh HS256 tokens are signed here with node:crypto.
const JWT_IO =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const JWT_IO_SECRET = 'your-256-bit-secret';
const RFC7515_RS256 =
  'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw';
const RFC7515_RSA_JWK = {
  kty: 'RSA',
  n: 'ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ',
  e: 'AQAB',
};
const RFC7515_PEM = createPublicKey({ key: RFC7515_RSA_JWK, format: 'jwk' })
  .export({ type: 'spki', format: 'pem' })
  .toString();

const b64url = (text: string) => Buffer.from(text).toString('base64url');

// RFC 7515 Appendix A.1: an HS256 token and its key, published as a JWK (A.1.1); the key is
// binary, so only the JWK (or its bytes in Base64) verifies it.
const RFC7515_HS256 =
  'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC7515_OCT_JWK = {
  kty: 'oct',
  k: 'AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow',
};
function signHs256(payload: object, secret: string): string {
  const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

test.describe('jwt-decoder page', () => {
  test('decodes as the user pastes, shows claim times, verifies with the secret, copies', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('JWT Decoder');
    await page.getByTestId('token').fill(JWT_IO);

    await expect(page.getByTestId('header')).toHaveValue('{\n  "alg": "HS256",\n  "typ": "JWT"\n}');
    const payloadJson = '{\n  "sub": "1234567890",\n  "name": "John Doe",\n  "iat": 1516239022\n}';
    await expect(page.getByTestId('payload')).toHaveValue(payloadJson);
    await expect(page.getByTestId('signature')).toHaveValue('SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c');
    const iat = page.getByTestId('claims').locator('tr[data-claim="iat"]');
    await expect(iat).toContainText('2018-01-18T01:30:22.000Z');
    await expect(iat).toContainText(/\d+ years? ago/);
    await expect(iat).toContainText('Issued at: when the token was created.');
    await expect(page.getByTestId('claims').locator('tr[data-claim="sub"]')).toContainText('Subject');
    await expect(page.getByTestId('header-fields').locator('tr[data-claim="alg"]')).toContainText(
      'Algorithm the token says',
    );
    // The three parts, colour-coded, named in the legend.
    await expect(page.getByTestId('token-parts').locator('[data-part="signature"]')).toHaveText(
      'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    );
    await expect(page.getByTestId('warnings')).toContainText('no exp');
    await expect(page.getByTestId('expiry')).toHaveCount(0); // no exp, no nbf
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'unchecked');
    await expect(page.getByTestId('verification')).toContainText('Signature not checked');

    await page.getByRole('button', { name: 'Copy payload' }).click();
    expect(await clipboardText(page)).toBe(payloadJson);

    await page.getByTestId('secret').fill('not-the-secret');
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('verification-error')).toContainText('does not match');

    await page.getByTestId('secret').fill(JWT_IO_SECRET);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('verification')).toContainText('Signature verified with HS256');
  });

  test('warns about an expired token and shows a valid one as not expired', async ({ page }) => {
    await page.goto('/jwt-decoder');
    // RFC 7515's claims: exp 1300819380 = 2011-03-22T18:43:00Z.
    await page.getByTestId('token').fill(RFC7515_RS256);
    await expect(page.getByTestId('expiry')).toHaveAttribute('data-state', 'expired');
    await expect(page.getByTestId('expiry')).toContainText(
      /Expired about \d+ years? ago \(2011-03-22T18:43:00\.000Z\)/,
    );
    await expect(page.getByTestId('claims').locator('tr[data-claim="exp"]')).toContainText('1300819380');

    // exp 4102444800 = 2100-01-01T00:00:00Z; signed here with node:crypto.
    const secret = 'correct horse battery staple';
    await page.getByTestId('token').fill(signHs256({ sub: 'ada', exp: 4102444800 }, secret));
    await expect(page.getByTestId('expiry')).toHaveAttribute('data-state', 'valid');
    await expect(page.getByTestId('expiry')).toContainText(/expires in about \d+ years \(2100-01-01T00:00:00\.000Z\)/);
    await page.getByTestId('secret').fill(secret);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');

    // nbf in the future (2100): not valid yet, though the signature verifies.
    await page.getByTestId('token').fill(signHs256({ nbf: 4102444800 }, secret));
    await expect(page.getByTestId('expiry')).toHaveAttribute('data-state', 'not-yet');
    await expect(page.getByTestId('expiry')).toContainText('Not valid yet');
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
  });

  test('verifies RS256 with a PEM key file, explaining an algorithm mismatch (keyboard)', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill(RFC7515_RS256);
    await expect(page.getByTestId('header')).toHaveValue('{\n  "alg": "RS256"\n}');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'rfc7515.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(RFC7515_PEM) });
    await expect(page.getByTestId('secret')).toHaveValue(RFC7515_PEM);

    // The algorithm comes from the token's header: RS256 without a click, and it verifies.
    await expect(page.getByTestId('algorithm')).toHaveValue('RS256');
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('verification')).toContainText('with RS256');

    // Another algorithm picked by hand stands, and the failure names the page's fields, not the
    // API's ('secret', 'algorithm').
    await page.getByTestId('algorithm').selectOption('RS384');
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('verification-error')).toHaveText(
      'Algorithm mismatch: the token\'s header says alg "RS256", but the algorithm is "RS384".',
    );

    // From the token field, Tab reaches the algorithm select; the "use the token's alg" button
    // is next, and Enter presses it.
    await page.getByTestId('token').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('algorithm')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('use-token-alg')).toBeFocused();
    await expect(page.getByTestId('use-token-alg')).toHaveText("Use RS256 (the token's alg)");
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('algorithm')).toHaveValue('RS256');
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('use-token-alg')).toHaveCount(0);

    // A shared secret in the Public key box: the sentence speaks of that box.
    await page.getByTestId('secret').fill('not-a-key');
    await expect(page.getByTestId('verification-error')).toHaveText(
      /^For RS256, the public key must be a public key \(PEM or JWK\)/,
    );
    await page.getByTestId('secret').fill(RFC7515_PEM);

    // A tampered payload (iss "joe" → "eve") no longer verifies.
    const [h, , s] = RFC7515_RS256.split('.');
    await page.getByTestId('token').fill(`${h}.${b64url('{"iss":"eve"}')}.${s}`);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'failed');
  });

  test('an RS256 token opened by smart paste is checked with RS256 without a click', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(async (token) => {
      const data = new DataTransfer();
      data.setData('text/plain', token);
      document.body.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, RFC7515_RS256);
    await page.getByTestId('proposal').first().click();
    await expect(page.getByTestId('token')).toHaveValue(RFC7515_RS256);
    await expect(page.getByTestId('algorithm')).toHaveValue('RS256');
    await page.getByTestId('secret').fill(RFC7515_PEM);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
  });

  test('shows a clear error for a malformed token', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill('not-a-jwt-at-all');
    await expect(page.getByTestId('error')).toBeVisible();
    await expect(page.getByTestId('header')).toHaveCount(0);
    await expect(page.getByTestId('verification')).toHaveCount(0);

    // The header decodes ({"alg":"HS256"}) but the payload is not base64url JSON.
    await page.getByTestId('token').fill('eyJhbGciOiJIUzI1NiJ9.%%%%.c2ln');
    await expect(page.getByTestId('error')).toContainText('payload');
    await expect(page.getByTestId('header')).toHaveValue('{\n  "alg": "HS256"\n}');

    await page.getByTestId('token').fill(JWT_IO);
    await expect(page.getByTestId('error')).toHaveCount(0);
  });

  test('keeps the token and the secret out of the URL (a bearer credential must not reach history)', async ({
    page,
  }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill(JWT_IO);
    await page.getByTestId('secret').fill(JWT_IO_SECRET);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    expect(decodeURIComponent(page.url())).not.toContain(JWT_IO_SECRET);
    expect(decodeURIComponent(page.url())).not.toContain(JWT_IO.split('.')[1]);

    // The request snippet does not show the secret either.
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('/api/jwt-decoder');
    await expect(page.getByTestId('snippet')).not.toContainText(JWT_IO_SECRET);

    // A link made before (the token in its fragment) still opens with the token in place.
    await page.goto('about:blank');
    await page.goto(`/jwt-decoder#${encodeURIComponent(JSON.stringify({ token: JWT_IO }))}`);
    await expect(page.getByTestId('token')).toHaveValue(JWT_IO);
    await expect(page.getByTestId('payload')).toHaveValue(/John Doe/);
    await expect(page.getByTestId('secret')).toHaveValue('');
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'unchecked');
  });

  test('makes a link with the token only when asked, says so, and never with the secret', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill(JWT_IO);
    await page.getByTestId('secret').fill(JWT_IO_SECRET);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    const share = page.getByRole('button', { name: 'Copy share link with token' });
    await expect(share).toHaveAccessibleDescription(/contains the token, a credential/);
    await share.click();
    const link = await clipboardText(page);
    expect(decodeURIComponent(link)).toContain(JWT_IO);
    expect(decodeURIComponent(link)).not.toContain(JWT_IO_SECRET);
    // Copied, not written to the address bar (so not to the history).
    expect(decodeURIComponent(page.url())).not.toContain(JWT_IO.split('.')[1]);

    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByTestId('token')).toHaveValue(JWT_IO);
    await expect(page.getByTestId('payload')).toHaveValue(/John Doe/);
    expect(decodeURIComponent(page.url())).not.toContain(JWT_IO.split('.')[1]);
  });

  test('loads a verified example with several claims from the empty page', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('payload')).toHaveValue(/"roles"/);
    // Every claim has its row and its sentence: iss, sub, aud, name, email, roles, scope, iat, nbf, exp, jti.
    await expect(page.getByTestId('claims').locator('tbody tr')).toHaveCount(11);
    await expect(page.getByTestId('claims').locator('tr[data-claim="nbf"]')).toContainText('2026-01-01T00:00:00.000Z');
    await expect(page.getByTestId('claims').locator('tr[data-claim="roles"]')).toContainText('["admin","billing"]');
    await expect(page.getByTestId('load-example')).toHaveCount(0);
  });

  test('a token pasted with its Bearer prefix (and quotes) decodes', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill(`Bearer ${JWT_IO}`);
    await expect(page.getByTestId('payload')).toHaveValue(/John Doe/);
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('token-parts').locator('[data-part="header"]')).toHaveText(JWT_IO.split('.')[0]!);
    await page.getByTestId('token').fill(`"bearer ${JWT_IO}"`);
    await page.getByTestId('secret').fill(JWT_IO_SECRET);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
  });

  test('RFC 7515 A.1 verifies with its JWK pasted, and with its key in Base64url', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill(RFC7515_HS256);
    await page.getByTestId('secret').fill(JSON.stringify(RFC7515_OCT_JWK));
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('secret-encoding')).toBeDisabled(); // a JWK carries its own bytes

    await page.getByTestId('secret').fill(RFC7515_OCT_JWK.k);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'failed'); // read as text
    await page.getByTestId('secret-encoding').selectOption('base64url');
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await page.getByTestId('secret-encoding').selectOption('base64');
    await expect(page.getByTestId('error')).toContainText("'-' at position 35 belongs to the other alphabet");
    expect(decodeURIComponent(page.url())).not.toContain(RFC7515_OCT_JWK.k);
  });

  test('warnings are shown for an unsigned (alg none) token', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill(`${b64url('{"alg":"none"}')}.${b64url('{"sub":"mallory","admin":true}')}.`);
    const warnings = page.getByTestId('warnings');
    await expect(warnings).toBeVisible();
    await expect(warnings).toContainText('2 warnings');
    await expect(warnings.locator('li').first()).toContainText('alg "none": the token is unsigned');
    await expect(warnings.locator('li').nth(1)).toContainText('no exp');
    await expect(page.getByTestId('verification')).toContainText('Unsigned token');
  });

  test('a JWKS file dropped on the key box verifies, the key chosen by kid', async ({ page }) => {
    await page.goto('/jwt-decoder');
    // An RS256 token with a kid, signed here with node:crypto, and a JWKS holding two keys.
    const mine = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const input = `${b64url(JSON.stringify({ alg: 'RS256', kid: 'key-2' }))}.${b64url(JSON.stringify({ sub: 'dropped', exp: 4102444800 }))}`;
    const token = `${input}.${sign('sha256', Buffer.from(input), mine.privateKey).toString('base64url')}`;
    const jwks = JSON.stringify({
      keys: [
        { ...other.publicKey.export({ format: 'jwk' }), kid: 'key-1' },
        { ...mine.publicKey.export({ format: 'jwk' }), kid: 'key-2' },
      ],
    });

    await page.getByTestId('token').fill(token);
    await expect(page.getByTestId('algorithm')).toHaveValue('RS256'); // from the token's header
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'jwks.json', { type: 'application/json' }));
      return data;
    }, jwks);
    await page.getByTestId('secret').dispatchEvent('dragover', { dataTransfer: transfer });
    await page.getByTestId('secret').dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByTestId('secret')).toHaveValue(jwks);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('verified-kid')).toHaveText('key-2'); // which key of the set verified
    await expect(page.getByTestId('warnings')).toHaveCount(0); // an exp, no iat: nothing to warn about
    expect(decodeURIComponent(page.url())).not.toContain('key-2');
  });
});

/** The parts of a compact token, decoded (header and payload as objects). */
function partsOf(token: string): { header: Record<string, unknown>; payload: Record<string, unknown>; input: string } {
  const [h = '', p = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>,
    input: `${h}.${p}`,
  };
}

/** Every value the page left in Web Storage and IndexedDB (the input history), as one text. */
async function storedText(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(async () => {
    const texts = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        texts.push(JSON.stringify(all));
      }
      db.close();
    }
    return texts.join('\n');
  });
}

test.describe('jwt-decoder page: Encode tab', () => {
  test('signs HS256 (checked with node:crypto), copies, opens it in Decode verified; the secret stays out of URL, link, storage and history', async ({
    page,
  }) => {
    await page.goto('/jwt-decoder');
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('checkbox', { name: 'Keep my last inputs to this tool' }).check();
    await page.keyboard.press('Escape');

    // The tabs by keyboard: the selected tab takes focus, an arrow key moves to the other.
    await page.getByTestId('tab-decode').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('tab-encode')).toBeFocused();
    await expect(page.getByTestId('tab-encode')).toHaveAttribute('aria-selected', 'true');

    const secret = 'encode-tab secret 🔑 never in a link';
    await page.getByTestId('payload-json').fill('{"sub":"ada","admin":true,"n":[1,2.5]}');
    await page.getByTestId('header-json').fill('{"kid":"2026-01"}');
    await expect(page.getByTestId('sign-waiting')).toContainText('Enter the secret');
    await page.getByTestId('signing-key').fill(secret);
    const signed = page.getByTestId('signed-token');
    await expect(signed).toBeVisible();
    const token = (await signed.locator('.coloured').textContent())!;
    const { header, payload, input } = partsOf(token);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT', kid: '2026-01' });
    expect(payload).toEqual({ sub: 'ada', admin: true, n: [1, 2.5] });
    expect(token.split('.')[2]).toBe(createHmac('sha256', secret).update(input).digest('base64url'));
    await expect(signed.locator('[data-part="signature"]')).toHaveText(token.split('.')[2]!);
    await expect(page.getByTestId('signed-header')).toHaveText('{"alg":"HS256","typ":"JWT","kid":"2026-01"}');

    await signed.getByRole('button', { name: 'Copy token' }).click();
    expect(await clipboardText(page)).toBe(token);
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await clipboardText(page);
    // The claims are shared, the key never.
    const shared = await decodeFragment(new URL(link).hash.slice(1));
    expect(shared).toMatchObject({ mode: 'encode', payload_json: '{"sub":"ada","admin":true,"n":[1,2.5]}' });
    expect(Object.keys(shared)).not.toContain('signing_key');
    expect(decodeURIComponent(link)).not.toContain(secret);

    // The history keeps what stays on screen past its settle pause: here, what was signed.
    await expect.poll(() => storedText(page)).toContain('"mode":"encode"');

    await page.getByTestId('verify-signed').click();
    await expect(page.getByTestId('tab-decode')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('token')).toHaveValue(token);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('verified-kid')).toHaveCount(0); // a secret, not a JWK

    await page.waitForTimeout(1600); // past the history's settle pause
    expect(decodeURIComponent(page.url())).not.toContain(secret);
    const stored = await storedText(page);
    expect(stored).toContain('"mode":"encode"'); // the history holds what it signed…
    expect(stored).toContain('payload_json');
    expect(stored).not.toContain('never in a link'); // …never the key, in either entry
  });

  test('signs RS256 with a PKCS#8 key (checked with node:crypto); Verify derives the public key', async ({ page }) => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await page.goto('/jwt-decoder');
    await page.getByTestId('tab-encode').click();
    await page.getByTestId('sign-algorithm').selectOption('RS256');
    await expect(page.getByText('Private key', { exact: true })).toBeVisible();
    await page.getByTestId('payload-json').fill('{"sub":"rsa-user","exp":4102444800}');
    await page.getByTestId('signing-key').fill(privatePem);
    const signed = page.getByTestId('signed-token');
    await expect(signed).toBeVisible();
    const token = (await signed.locator('.coloured').textContent())!;
    const { header, input } = partsOf(token);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(verify('sha256', Buffer.from(input), pair.publicKey, Buffer.from(token.split('.')[2]!, 'base64url'))).toBe(
      true,
    );

    await page.getByTestId('verify-signed').click();
    await expect(page.getByTestId('algorithm')).toHaveValue('RS256');
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    // What Verify put in the Public key box is the public half only (a JWK without "d").
    const key = JSON.parse(await page.getByTestId('secret').inputValue()) as Record<string, unknown>;
    expect(key).not.toHaveProperty('d');
    expect(
      createPublicKey({ key: key as import('node:crypto').JsonWebKey, format: 'jwk' }).export({ format: 'jwk' }),
    ).toEqual(pair.publicKey.export({ format: 'jwk' }));
    expect(decodeURIComponent(page.url())).not.toContain('PRIVATE KEY');
  });

  test('a key pair generated here (ES256) signs, and its public key verifies', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('tab-encode').click();
    await page.getByTestId('sign-algorithm').selectOption('ES256');
    await page.getByTestId('payload-json').fill('{"sub":"generated"}');
    await page.getByTestId('generate-key').click();
    await expect(page.getByTestId('signing-key')).toHaveValue(/^-----BEGIN PRIVATE KEY-----/);
    await expect(page.getByTestId('signed-token')).toBeVisible();
    const token = (await page.getByTestId('signed-token').locator('.coloured').textContent())!;
    const privatePem = await page.getByTestId('signing-key').inputValue();
    const { input } = partsOf(token);
    const signature = Buffer.from(token.split('.')[2]!, 'base64url');
    expect(
      verify('sha256', Buffer.from(input), { key: createPublicKey(privatePem), dsaEncoding: 'ieee-p1363' }, signature),
    ).toBe(true);
    await page.getByTestId('verify-signed').click();
    await expect(page.getByTestId('secret')).toHaveValue(/^-----BEGIN PUBLIC KEY-----/);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
  });

  test('the exp helper writes now + 1 hour (and a custom duration) in Unix seconds, shown as a date', async ({
    page,
  }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('tab-encode').click();
    await page.getByTestId('payload-json').fill('{"sub":"ada"}');
    await page.getByTestId('signing-key').fill('s3cret');
    await page.getByText('Time claims: iat, nbf, exp').click();
    await page.getByTestId('time-claim').selectOption('exp');
    await page.getByTestId('time-when').selectOption({ label: 'now + 1 hour' });
    const before = Math.floor(Date.now() / 1000);
    await page.getByTestId('time-set').click();
    const after = Math.floor(Date.now() / 1000);
    const exp = (JSON.parse(await page.getByTestId('payload-json').inputValue()) as { exp: number }).exp;
    expect(exp).toBeGreaterThanOrEqual(before + 3600);
    expect(exp).toBeLessThanOrEqual(after + 3600);
    await expect(page.getByTestId('payload-json')).toHaveValue(`{\n  "sub": "ada",\n  "exp": ${exp}\n}`);
    const row = page.getByTestId('payload-times').locator('li[data-claim="exp"]');
    await expect(row).toContainText(new Date(exp * 1000).toISOString());
    await expect(row).toContainText(/in (about )?(1 hour|60 minutes|59 minutes)/);
    await expect
      .poll(async () => partsOf((await page.getByTestId('signed-token').locator('.coloured').textContent())!).payload)
      .toEqual({ sub: 'ada', exp });

    // iat = now, by keyboard; then a custom "now + 2 days".
    await page.getByTestId('time-claim').selectOption('iat');
    await page.getByTestId('time-when').selectOption({ label: 'now' });
    await page.getByTestId('time-set').focus();
    await page.keyboard.press('Enter');
    const iat = (JSON.parse(await page.getByTestId('payload-json').inputValue()) as { iat: number }).iat;
    expect(Math.abs(iat - Math.floor(Date.now() / 1000))).toBeLessThan(60);
    await page.getByTestId('time-claim').selectOption('nbf');
    await page.getByTestId('time-when').selectOption('custom');
    await page.getByTestId('time-amount').fill('2');
    await page.getByTestId('time-unit').selectOption({ label: 'days' });
    await page.getByTestId('time-set').click();
    const nbf = (JSON.parse(await page.getByTestId('payload-json').inputValue()) as { nbf: number }).nbf;
    expect(nbf - iat).toBeGreaterThanOrEqual(2 * 86_400);
    expect(nbf - iat).toBeLessThan(2 * 86_400 + 60);
  });

  test('Edit and re-sign: a decoded token comes to the Encode tab with its claims and secret, and re-signs', async ({
    page,
  }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill(JWT_IO);
    await page.getByTestId('secret').fill(JWT_IO_SECRET);
    await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
    await page.getByTestId('edit-resign').click();
    await expect(page.getByTestId('tab-encode')).toHaveAttribute('aria-selected', 'true');
    // alg comes from the algorithm, typ JWT is the default: the header editor stays empty.
    await expect(page.getByTestId('header-json')).toHaveValue('');
    await expect(page.getByTestId('sign-algorithm')).toHaveValue('HS256');
    await expect(page.getByTestId('signing-key')).toHaveValue(JWT_IO_SECRET);
    const payloadJson = '{\n  "sub": "1234567890",\n  "name": "John Doe",\n  "iat": 1516239022\n}';
    await expect(page.getByTestId('payload-json')).toHaveValue(payloadJson);
    // Unchanged, it signs back to the very same token (HS256 is deterministic; same JSON, same header).
    await expect(page.getByTestId('signed-token').locator('.coloured')).toHaveText(JWT_IO);

    await page.getByTestId('payload-json').fill(payloadJson.replace('John Doe', 'Jane Roe'));
    await expect(page.getByTestId('signed-token').locator('[data-part="payload"]')).not.toHaveText(
      JWT_IO.split('.')[1]!,
    );
    const token = (await page.getByTestId('signed-token').locator('.coloured').textContent())!;
    const { payload, input } = partsOf(token);
    expect(payload).toEqual({ sub: '1234567890', name: 'Jane Roe', iat: 1516239022 });
    expect(token.split('.')[2]).toBe(createHmac('sha256', JWT_IO_SECRET).update(input).digest('base64url'));
  });

  test('a payload that is not JSON shows where it breaks (line, column) and signs nothing', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByTestId('tab-encode').click();
    await page.getByTestId('signing-key').fill('s3cret');
    await page.getByTestId('payload-json').fill('{\n  "sub": "ada",\n}');
    const error = page.getByTestId('payload-error');
    await expect(error.getByTestId('error')).toHaveText(
      "The payload is not valid JSON: Expected a double-quoted property name after ',' but found '}' at line 3, column 1.",
    );
    await expect(error.getByTestId('error-context')).toContainText('Line 3, column 1');
    await expect(page.getByTestId('payload-json')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('signed-token')).toHaveCount(0);
    await expect(page.getByTestId('sign-waiting')).toHaveText('Write the payload as a JSON object to sign it.');
    await page.getByTestId('payload-json').fill('[1, 2]');
    await expect(error.getByTestId('error')).toHaveText('The payload must be a JSON object ({…}), not an array.');

    // A header alg that contradicts the algorithm: the tool's 400, in the page's words.
    await page.getByTestId('payload-json').fill('{"sub":"ada"}');
    await page.getByTestId('header-json').fill('{"alg":"RS256"}');
    await expect(page.getByTestId('error')).toContainText('The header has alg "RS256", but the algorithm is "HS256"');
  });
});
