import { createHash, createHmac } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { clipboardText, expect, test, keyOpensFilePicker, type Page } from './fixtures';

// Known answers: FIPS 180 / FIPS 202 "abc" vectors, RFC 1321 (MD5 "abc"), the CRC-32 check value
// of "123456789", RFC 4231 test case 2 (HMAC key "Jefe"), the "quick brown fox" SHA-256, and
// digests of the other strings computed with Python's hashlib.
const SHA256_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const SHA256_ABC_B64 = 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=';
const MD5_ABC = '900150983cd24fb0d6963f7d28e17f72';
const SHA1_ABC = 'a9993e364706816aba3e25717850c26c9cd0d89d';
const SHA3_256_ABC = '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532';
const SHA512_ABC =
  'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f';
const JEFE_DATA = 'what do ya want for nothing?';
const HMAC_SHA256_JEFE = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
const HMAC_SHA512_JEFE =
  '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737';
const SHA256_JEFE_DATA = 'b381e7fec653fc3ab9b178272366b8ac87fed8d31cb25ed1d0e1f3318644c89c';
const SHA256_FOX = 'd7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592';
const SHA256_EURO = 'c4cc90ed3d26f12d4b08a75140970a7904035c31cbb4515a83f19b9003c00d1d';
/** sha256 of the bytes EF BB BF "line one" CR LF "line two" CR LF (a UTF-8 file with BOM and CRLF). */
const SHA256_BOM_CRLF_FILE = '0ebf96a44509f3114966d930efba4fd595ca6cfbb56def27fbc1f5b029f3058d';

test.describe('hash-generator page', () => {
  test('hashes as the user types, in every algorithm and encoding, and copies', async ({ page }) => {
    await page.goto('/hash-generator');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hash Generator');
    await page.getByTestId('input').fill('abc');
    await expect(page.getByTestId('output')).toHaveValue(SHA256_ABC);
    await expect(page.getByTestId('meta')).toContainText(
      'SHA-256 · 256 bits · 64 hex characters · 3 bytes of UTF-8 input',
    );

    await page.getByRole('button', { name: 'Copy hash' }).click();
    expect(await clipboardText(page)).toBe(SHA256_ABC);

    await page.getByTestId('encoding').selectOption('base64');
    await expect(page.getByTestId('output')).toHaveValue(SHA256_ABC_B64);
    await expect(page.getByTestId('meta')).toContainText('44 Base64 characters');
    await page.getByTestId('encoding').selectOption('hex');

    for (const [algorithm, digest] of [
      ['md5', MD5_ABC],
      ['sha1', SHA1_ABC],
      ['sha512', SHA512_ABC],
      ['sha3-256', SHA3_256_ABC],
    ] as const) {
      await page.getByTestId('algorithm').selectOption(algorithm);
      await expect(page.getByTestId('output')).toHaveValue(digest);
    }

    await page.getByTestId('algorithm').selectOption('crc32');
    await page.getByTestId('input').fill('123456789');
    await expect(page.getByTestId('output')).toHaveValue('cbf43926');
    await expect(page.getByTestId('meta')).toContainText('CRC-32 · 32 bits');

    await page.getByTestId('algorithm').selectOption('sha256');
    await page.getByTestId('input').fill('€');
    await expect(page.getByTestId('output')).toHaveValue(SHA256_EURO);
    await expect(page.getByTestId('meta')).toContainText('3 bytes of UTF-8 input');
  });

  test('computes an HMAC with a key that never goes into the link', async ({ page }) => {
    await page.goto('/hash-generator');
    await page.getByTestId('input').fill(JEFE_DATA);
    await expect(page.getByTestId('output')).toHaveValue(SHA256_JEFE_DATA);
    await page.getByTestId('hmac-key').fill('Jefe');
    await expect(page.getByTestId('output')).toHaveValue(HMAC_SHA256_JEFE);
    await expect(page.getByTestId('meta')).toContainText('HMAC-SHA-256');
    await expect(page.getByTestId('hmac-key')).toHaveAttribute('type', 'password');

    // CRC-32 and BLAKE3 have no HMAC: not selectable while a key is entered.
    await expect(page.getByTestId('algorithm').locator('option[value="crc32"]')).toBeDisabled();
    await expect(page.getByTestId('algorithm').locator('option[value="blake3"]')).toBeDisabled();
    await page.getByTestId('algorithm').selectOption('sha512');
    await expect(page.getByTestId('output')).toHaveValue(HMAC_SHA512_JEFE);

    await expect(page).toHaveURL(/#.*sha512/);
    expect(decodeURIComponent(page.url())).not.toContain('Jefe');
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"algorithm":"sha512"');
    await expect(page.getByTestId('snippet')).not.toContainText('Jefe');

    // The shared link restores text and algorithm, but not the key: a plain SHA-512 then.
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue(JEFE_DATA);
    await expect(page.getByTestId('algorithm')).toHaveValue('sha512');
    await expect(page.getByTestId('hmac-key')).toHaveValue('');
    await expect(page.getByTestId('meta')).not.toContainText('HMAC');
    await expect(page.getByTestId('meta')).toContainText('SHA-512 · 512 bits');
  });

  test('hashes a picked file exactly as its bytes (keyboard), text or binary', async ({ page }) => {
    await page.goto('/hash-generator');
    // Open the picker from the keyboard: Tab passes the text box and reaches the drop zone, Enter opens the chooser.
    await page.getByTestId('input').focus();
    await page.keyboard.press('Tab');
    await expect(mainDrop(page)).toBeFocused();
    await keyOpensFilePicker(page, 'Enter');
    await mainFileInput(page).setInputFiles({
      name: 'fox.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('The quick brown fox jumps over the lazy dog'),
    });
    await expect(page.getByTestId('output')).toHaveValue(SHA256_FOX);
    await expect(page.getByTestId('file')).toContainText('fox.txt');
    await expect(page.getByTestId('file')).toContainText('43 bytes');

    // A BOM and CRLF line ends are kept: the hash is the file's own (as sha256sum gives).
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('line one\r\nline two\r\n')]);
    await mainFileInput(page).setInputFiles({ name: 'crlf.txt', mimeType: 'text/plain', buffer: withBom });
    await expect(page.getByTestId('output')).toHaveValue(SHA256_BOM_CRLF_FILE);
    await expect(page.getByTestId('file')).toContainText(`${withBom.length} bytes`);

    // Not UTF-8 (a PNG signature and 0xff): hashed as bytes all the same, as node:crypto does.
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]);
    await mainFileInput(page).setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: binary });
    await expect(page.getByTestId('output')).toHaveValue(createHash('sha256').update(binary).digest('hex'));
    await expect(page.getByTestId('progress')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('error')).toHaveCount(0);
    // Another algorithm is another pass over the file; Base64 output needs none.
    await page.getByTestId('algorithm').selectOption('md5');
    await expect(page.getByTestId('output')).toHaveValue(createHash('md5').update(binary).digest('hex'));
    await page.getByTestId('encoding').selectOption('base64');
    await expect(page.getByTestId('output')).toHaveValue(createHash('md5').update(binary).digest('base64'));

    // Back to typing.
    await page.getByRole('button', { name: 'Type text instead' }).click();
    await page.getByTestId('encoding').selectOption('hex');
    await page.getByTestId('algorithm').selectOption('sha256');
    await page.getByTestId('input').fill('abc');
    await expect(page.getByTestId('output')).toHaveValue(SHA256_ABC);
    await expect(page.getByTestId('error')).toHaveCount(0);
  });

  test("a real PNG hashes to node:crypto's digests, every algorithm at once", async ({ page }) => {
    const path = new URL('../fixtures/images/quadrants.png', import.meta.url).pathname;
    const bytes = readFileSync(path);
    await page.goto('/hash-generator');
    await mainFileInput(page).setInputFiles(path);
    await expect(page.getByTestId('output')).toHaveValue(createHash('sha256').update(bytes).digest('hex'));
    await page.getByTestId('all').check();
    const table = page.getByTestId('all-table');
    for (const [algorithm, node] of [
      ['md5', 'md5'],
      ['sha1', 'sha1'],
      ['sha256', 'sha256'],
      ['sha384', 'sha384'],
      ['sha512', 'sha512'],
      ['sha224', 'sha224'],
      ['sha3-256', 'sha3-256'],
      ['sha3-512', 'sha3-512'],
      ['blake2b', 'blake2b512'],
    ]) {
      await expect(table.locator(`tr[data-algorithm="${algorithm}"] [data-testid="digest"]`), algorithm).toHaveText(
        createHash(node!).update(bytes).digest('hex'),
      );
    }
    await expect(table.locator('tr[data-algorithm="blake3"] [data-testid="digest"]')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(table.locator('tr[data-algorithm="crc32"] [data-testid="digest"]')).toHaveText(/^[0-9a-f]{8}$/);
    await table.getByRole('button', { name: 'Copy SHA-512' }).click();
    expect(await clipboardText(page)).toBe(createHash('sha512').update(bytes).digest('hex'));

    // With a binary key given as hex: the HMAC of every algorithm that has one.
    const key = Buffer.from('00ff10ee20dd', 'hex');
    await page.getByTestId('key-encoding').selectOption('hex');
    await page.getByTestId('hmac-key').fill(key.toString('hex'));
    await expect(table.locator('tr[data-algorithm="sha256"] [data-testid="digest"]')).toHaveText(
      createHmac('sha256', key).update(bytes).digest('hex'),
    );
    await expect(table.locator('tr[data-algorithm="md5"] [data-testid="digest"]')).toHaveText(
      createHmac('md5', key).update(bytes).digest('hex'),
    );
    await expect(table.locator('tr[data-algorithm="crc32"] [data-testid="digest"]')).toHaveText('no HMAC');
  });

  test('text as hex or Base64 bytes, a hex key, and every algorithm for text', async ({ page }) => {
    await page.goto('/hash-generator');
    await page.getByTestId('input-encoding').selectOption('hex');
    await page.getByTestId('input').fill('61 62 63');
    await expect(page.getByTestId('output')).toHaveValue(SHA256_ABC);
    await expect(page.getByTestId('meta')).toContainText('3 bytes of input (from hex)');
    await page.getByTestId('input').fill('61 62 6');
    await expect(page.getByTestId('error')).toContainText('not valid hex: it has an odd number of digits (5)');
    await page.getByTestId('input-encoding').selectOption('base64');
    await page.getByTestId('input').fill('YWJj');
    await expect(page.getByTestId('output')).toHaveValue(SHA256_ABC);
    await expect(page.getByTestId('error')).toHaveCount(0);

    await page.getByTestId('input-encoding').selectOption('utf8');
    await page.getByTestId('input').fill(JEFE_DATA);
    await page.getByTestId('key-encoding').selectOption('hex');
    await page.getByTestId('hmac-key').fill(Buffer.from('Jefe').toString('hex'));
    await expect(page.getByTestId('output')).toHaveValue(HMAC_SHA256_JEFE);

    await page.getByTestId('hmac-key').fill('');
    await page.getByTestId('input').fill('abc');
    await page.getByTestId('all').check();
    const table = page.getByTestId('all-table');
    await expect(table.locator('tr[data-algorithm="sha256"] [data-testid="digest"]')).toHaveText(SHA256_ABC);
    await expect(table.locator('tr[data-algorithm="md5"] [data-testid="digest"]')).toHaveText(MD5_ABC);
    await expect(table.locator('tr[data-algorithm="sha3-256"] [data-testid="digest"]')).toHaveText(SHA3_256_ABC);
    await expect(table.locator('tr[data-algorithm="crc32"] [data-testid="digest"]')).toHaveText('352441c2');
    await page.getByTestId('encoding').selectOption('base64');
    await expect(table.locator('tr[data-algorithm="sha256"] [data-testid="digest"]')).toHaveText(SHA256_ABC_B64);
  });

  test('compares with an expected hash, such as a sha256sum or BSD line', async ({ page }) => {
    await page.goto('/hash-generator');
    await page.getByTestId('input').fill('The quick brown fox jumps over the lazy dog');
    await expect(page.getByTestId('output')).toHaveValue(SHA256_FOX);
    await page.getByTestId('compare').fill(`${SHA256_FOX.toUpperCase()}  fox.txt`);
    await expect(page.getByTestId('compare-result')).toHaveAttribute('data-state', 'match');
    await expect(page.getByTestId('compare-result')).toContainText('Match');
    await expect(page.getByTestId('compare-result')).toContainText(
      'The SHA-256 of the text equals the expected checksum.',
    );
    await page.getByTestId('input').fill('The quick brown fox jumps over the lazy dog.');
    await expect(page.getByTestId('compare-result')).toHaveAttribute('data-state', 'mismatch');
    await expect(page.getByTestId('compare-result')).toContainText('Mismatch');

    // A line tagged for another algorithm offers to compute it, then compares.
    await page.getByTestId('input').fill('abc');
    await page.getByTestId('compare').fill(`SHA512 (abc.txt) = ${SHA512_ABC}`);
    await expect(page.getByTestId('compare-choose')).toContainText('This checksum is SHA512.');
    await page.getByRole('button', { name: 'Use SHA-512' }).click();
    await expect(page.getByTestId('algorithm')).toHaveValue('sha512');
    await expect(page.getByTestId('compare-result')).toHaveAttribute('data-state', 'match');
    // A bare digest of another size names the algorithms it may be.
    await page.getByTestId('compare').fill(MD5_ABC);
    await expect(page.getByTestId('compare-choose')).toContainText('it may be MD5');
    await page.getByTestId('compare').fill('not a checksum');
    await expect(page.getByTestId('compare-problem')).toContainText('does not start with a digest');
  });

  test('shows the tool error for text that has no UTF-8 form', async ({ page }) => {
    await page.goto('/hash-generator');
    // A lone surrogate can be in a DOM string (e.g. pasted from a broken source) but not in UTF-8.
    await page.getByTestId('input').evaluate((area: HTMLTextAreaElement) => {
      area.value = 'a\ud800b';
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await expect(page.getByTestId('error')).toContainText('lone surrogate (U+D800) at position 2');
    await expect(page.getByTestId('output')).toHaveValue('');
    await page.getByTestId('input').fill('abc');
    await expect(page.getByTestId('error')).toHaveCount(0);
  });

  test('a 200 MB file hashes in the page with progress, and verifies against SHA256SUMS', async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    // Deterministic content, written and hashed by node:crypto in streams: never whole in memory.
    const name = 'big-200mb.bin';
    const path = testInfo.outputPath(name);
    const size = 200 * 1024 * 1024;
    const block = Buffer.alloc(1024 * 1024);
    const reference = createHash('sha256');
    const out = createWriteStream(path);
    for (let i = 0; i < size / block.length; i++) {
      // Each 1 MiB block differs (its index in every 4-byte word, mixed), so a skipped or repeated slice changes the digest.
      for (let j = 0; j < block.length; j += 4) block.writeUInt32LE((Math.imul(i + 1, 2654435761) ^ j) >>> 0, j);
      if (!out.write(block)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    for await (const chunk of createReadStream(path)) reference.update(chunk as Buffer);
    const expected = reference.digest('hex');

    try {
      await page.goto('/hash-generator');
      await mainFileInput(page).setInputFiles(path);
      const progress = page.getByTestId('progress');
      await expect(progress).toBeVisible();
      await expect(page.getByTestId('file')).toContainText('209,715,200 bytes');

      // Cancel while it runs (if the machine has not already finished), then hash again.
      const cancel = page.getByTestId('cancel');
      if (await cancel.isVisible()) {
        await cancel.click({ timeout: 2000 }).catch(() => undefined);
        if ((await progress.getAttribute('data-status')) === 'cancelled') {
          await expect(page.getByTestId('progress-text')).toContainText('Cancelled at');
          await expect(page.getByTestId('output')).toHaveValue('');
          await page.getByRole('button', { name: 'Hash again' }).click();
        }
      }
      await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 240_000 });
      await expect(page.getByTestId('progress-text')).toContainText('Done: 210 MB');
      await expect(progress.locator('progress')).toHaveJSProperty('value', size);
      await expect(page.getByTestId('output')).toHaveValue(expected);

      // A SHA256SUMS file: the line naming the file is used (here line 2 of 3), and says so.
      const verify = page.getByRole('region', { name: 'Verify' });
      const sums = `${'0'.repeat(64)}  other.iso\n${expected} *./release/${name}\n${'f'.repeat(64)}  notes.txt\n`;
      await verify
        .getByTestId('file-input')
        .setInputFiles({ name: 'SHA256SUMS', mimeType: 'text/plain', buffer: Buffer.from(sums) });
      await expect(page.getByTestId('compare-result')).toHaveAttribute('data-state', 'match');
      await expect(page.getByTestId('compare-result')).toContainText(
        `The SHA-256 of "${name}" equals the expected checksum.`,
      );
      await expect(page.getByTestId('compare-line')).toContainText('Used line 2 of "SHA256SUMS"');

      // A wrong one: mismatch, in words, colour and icon.
      const wrong = `${expected.slice(0, -1)}${expected.endsWith('0') ? '1' : '0'}  ${name}\n`;
      await verify
        .getByTestId('file-input')
        .setInputFiles({ name: 'SHA256SUMS', mimeType: 'text/plain', buffer: Buffer.from(wrong) });
      await expect(page.getByTestId('compare-result')).toHaveAttribute('data-state', 'mismatch');
      await expect(page.getByTestId('compare-result')).toContainText('Mismatch');
      await expect(page.getByTestId('compare-result').locator('svg')).toBeVisible();

      // No line for this file.
      await verify.getByTestId('file-input').setInputFiles({
        name: 'SHA256SUMS',
        mimeType: 'text/plain',
        buffer: Buffer.from(`${'a'.repeat(64)}  a.iso\n${'b'.repeat(64)}  b.iso\n`),
      });
      await expect(page.getByTestId('compare-problem')).toContainText(
        `No line of "SHA256SUMS" names "${name}" (2 lines read).`,
      );
    } finally {
      rmSync(path, { force: true });
    }
  });
});

/** The page's main file drop (the verify box has its own). */
const mainDrop = (page: Page) => page.locator('div.drop[role="button"]').first();
const mainFileInput = (page: Page) => page.getByTestId('file-input').first();

// Password hashes made by independent implementations (as in src/tools/hash-generator/cases.ts):
// python3-bcrypt's hashpw with the salt bytes "saltsaltsalt1234", and Debian's reference `argon2`.
const BCRYPT_HUNTER2 = '$2b$05$a0DqbFLfZFPxWUvyKRGxL.aCpUfY6E5NPkezzndwdIbI6Du28hzjK';
const ARGON2ID_STAPLE =
  '$argon2id$v=19$m=256,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$J+g5kai/vKtMPuLtjs1bzuUSyYZAXaaIbLxctiLrzLo';

test.describe('hash-generator page: password hashes', () => {
  test('makes and checks password hashes with the keyboard; the password never enters the link', async ({ page }) => {
    await page.goto('/hash-generator');
    await page.getByTestId('mode-password').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('mode-password')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('password-hint')).toContainText('RFC 9106');

    // bcrypt, cost 5, a fixed salt: python3-bcrypt's hash, byte for byte.
    await page.getByTestId('password-bcrypt').focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('password-bcrypt')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('cost-cost').fill('5');
    await page.getByText('Fixed salt (for reproducible test vectors)').click();
    await page.getByTestId('salt').fill('saltsaltsalt1234');
    await page.getByTestId('password').fill('hunter2');
    await expect(page.getByTestId('password')).toHaveAttribute('type', 'password');
    await page.getByTestId('password').press('Enter');
    await expect(page.getByTestId('password-output')).toHaveValue(BCRYPT_HUNTER2);

    // Random salt by default: two hashes of one password differ, both in the $2b$05$ form.
    await page.getByTestId('salt').fill('');
    await page.getByTestId('password-hash').click();
    await expect(page.getByTestId('password-output')).toHaveValue(/^\$2b\$05\$[./A-Za-z0-9]{53}$/);
    const first = await page.getByTestId('password-output').inputValue();
    await page.getByTestId('password-hash').click();
    await expect(page.getByTestId('password-output')).not.toHaveValue(first);
    await expect(page.getByTestId('password-output')).toHaveValue(/^\$2b\$05\$/);

    // The reference argon2 tool's hash: the right password matches, another does not.
    await page.getByTestId('password-expected').fill(ARGON2ID_STAPLE);
    await page.getByTestId('password').fill('correct horse battery staple');
    await page.getByTestId('password-check').click();
    await expect(page.getByTestId('password-verdict')).toHaveText('✓ The password matches this hash.');
    await page.getByTestId('password').fill('correct horse battery stapler');
    await page.getByTestId('password-check').click();
    await expect(page.getByTestId('password-verdict')).toHaveText('✗ The password does not match this hash.');

    // A hash over the bounds is the tool's sentence, with the page's name for the field.
    await page.getByTestId('password-expected').fill(ARGON2ID_STAPLE.replace('m=256', 'm=4194304'));
    await page.getByTestId('password-check').click();
    await expect(page.getByTestId('error')).toContainText(
      'has m=4194304, outside the bounds of this tool (8 to 65536)',
    );

    expect(decodeURIComponent(page.url())).not.toContain('stapler');
    expect(decodeURIComponent(page.url())).not.toContain('hunter2');
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"algorithm":"argon2id"');
    await expect(page.getByTestId('snippet')).toContainText('<your password>');
    await expect(page.getByTestId('snippet')).not.toContainText('stapler');
  });

  test('the example hashes a password with Argon2id and fills the check with it', async ({ page }) => {
    await page.goto('/hash-generator');
    await page.getByTestId('mode-password').click();
    await page.getByRole('button', { name: 'Load example' }).click();
    await expect(page.getByTestId('password-output')).toHaveValue(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    await expect(page.getByTestId('password-expected')).toHaveValue(
      await page.getByTestId('password-output').inputValue(),
    );
    await page.getByTestId('password-check').click();
    await expect(page.getByTestId('password-verdict')).toHaveText('✓ The password matches this hash.');
  });
});
