// Our encoded password hashes checked against independent implementations: Debian's `argon2`
// (the reference C code), Python's hashlib.scrypt (OpenSSL) and python3-bcrypt (OpenBSD's code).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { hashPassword, readEncoded, verifyPassword } from './password';

const PY = '/usr/bin/python3';
const te = new TextEncoder();
const salt16 = Uint8Array.from({ length: 16 }, (_, i) => i * 11 + 3);

describe('password hashes against independent implementations', () => {
  it('Argon2id matches the reference argon2 tool', async () => {
    const mine = await hashPassword('argon2id', te.encode('correct horse'), salt16, {
      memory_kib: 256,
      iterations: 2,
      parallelism: 1,
    });
    // The argon2 tool takes its salt as a command-line argument, so this one is ASCII.
    const asciiSalt = te.encode('saltsaltsalt1234');
    const ours = await hashPassword('argon2id', te.encode('correct horse'), asciiSalt, {
      memory_kib: 256,
      iterations: 2,
      parallelism: 1,
    });
    const theirs = execFileSync(
      'argon2',
      ['saltsaltsalt1234', '-id', '-t', '2', '-k', '256', '-p', '1', '-l', '32', '-e'],
      { input: 'correct horse' },
    )
      .toString()
      .trim();
    expect(ours).toBe(theirs);
    expect(mine).toMatch(/^\$argon2id\$v=19\$m=256,t=2,p=1\$/);
    expect(await verifyPassword('hash', te.encode('correct horse'), mine)).toBe(true);
    expect(await verifyPassword('hash', te.encode('wrong horse'), mine)).toBe(false);
  });

  it('scrypt matches hashlib.scrypt', async () => {
    const encoded = await hashPassword('scrypt', te.encode('pässword'), salt16, { log_n: 10, r: 8, p: 1 });
    const [, , params, salt, key] = encoded.split('$');
    expect(params).toBe('ln=10,r=8,p=1');
    const py = `import hashlib,base64;print(base64.b64encode(hashlib.scrypt('pässword'.encode(),salt=bytes(${JSON.stringify([...salt16])}),n=1024,r=8,p=1,dklen=32)).decode().rstrip('='))`;
    expect(execFileSync(PY, ['-c', py]).toString().trim()).toBe(key);
    expect(salt).toBe(Buffer.from(salt16).toString('base64').replace(/=+$/, ''));
    expect(await verifyPassword('hash', te.encode('pässword'), encoded)).toBe(true);
    expect(await verifyPassword('hash', te.encode('password'), encoded)).toBe(false);
  });

  it('bcrypt is $2b$ and agrees with python3-bcrypt both ways', async () => {
    const encoded = await hashPassword('bcrypt', te.encode('hunter2'), salt16, { cost: 5 });
    expect(encoded).toMatch(/^\$2b\$05\$/);
    const check = (pw: string, h: string) =>
      execFileSync(PY, [
        '-c',
        `import bcrypt,sys;print(bcrypt.checkpw(sys.argv[1].encode(),sys.argv[2].encode()))`,
        pw,
        h,
      ])
        .toString()
        .trim();
    expect(check('hunter2', encoded)).toBe('True');
    expect(check('hunter3', encoded)).toBe('False');
    const theirs = execFileSync(PY, ['-c', `import bcrypt;print(bcrypt.hashpw(b'hunter2',bcrypt.gensalt(5)).decode())`])
      .toString()
      .trim();
    expect(await verifyPassword('hash', te.encode('hunter2'), theirs)).toBe(true);
    expect(await verifyPassword('hash', te.encode('hunter3'), theirs)).toBe(false);
  });

  it('malformed or over-bound encoded hashes are 400s naming the field', async () => {
    expect(() => readEncoded('hash', '$2b$05$short')).toThrow(/^'hash' is not a bcrypt/);
    expect(() => readEncoded('hash', '$argon2id$v=19$m=1048576,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toThrow(
      /^'hash' has m=1048576, outside the bounds of this tool \(8 to 65536\)/,
    );
    expect(() => readEncoded('hash', '$scrypt$ln=20,r=8,p=1$c2FsdHNhbHQ$aGFzaA')).toThrow(
      /^'hash' has ln=20, outside the bounds of this tool \(1 to 16\)/,
    );
    expect(() => readEncoded('hash', '$scrypt$ln=10,r=8,p=1$c2F*dA$aGFzaA')).toThrow(
      /^'hash' is not a valid encoded hash/,
    );
    await expect(hashPassword('bcrypt', te.encode('x'), salt16, { cost: 13 })).rejects.toThrow(
      /^'cost' must be an integer from 4 to 12/,
    );
    await expect(hashPassword('bcrypt', te.encode('x'), salt16.slice(0, 8))).rejects.toThrow(
      /^'salt' must be 16 bytes/,
    );
  });
});
