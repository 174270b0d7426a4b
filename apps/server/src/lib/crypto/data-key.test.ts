import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataKeyError, loadOrCreateKeyFile, parseDataKey, resolveDataKey } from './data-key.ts';
import { createFieldCipher } from './field-cipher.ts';

const folders: string[] = [];
function freshFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-key-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('parseDataKey', () => {
  it('reads 64 hexadecimal characters or 32 bytes of base64, padded or not', () => {
    const key = randomBytes(32);
    expect(parseDataKey(key.toString('hex'))).toEqual(key);
    expect(parseDataKey(key.toString('hex').toUpperCase())).toEqual(key);
    expect(parseDataKey(key.toString('base64'))).toEqual(key);
    expect(parseDataKey(key.toString('base64url'))).toEqual(key);
    expect(parseDataKey(`  ${key.toString('base64')}\n`)).toEqual(key);
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'short',
      randomBytes(31).toString('hex'),
      randomBytes(48).toString('base64'),
    ]) {
      expect(parseDataKey(text)).toBeNull();
    }
  });
});

describe('the development key file (DATA_DIR/encryption.key)', () => {
  it('is generated once with mode 0600 and reused after a restart', () => {
    const file = path.join(freshFolder(), 'data', 'encryption.key');
    const first = loadOrCreateKeyFile(file);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));

    // A restart reads the same key, so what was encrypted before still decrypts.
    const sealed = createFieldCipher(first).encrypt('046 454 286');
    const again = loadOrCreateKeyFile(file);
    expect(again).toEqual(first);
    expect(createFieldCipher(again).decrypt(sealed)).toBe('046 454 286');
    expect(readdirSync(path.dirname(file))).toEqual(['encryption.key']);
  });

  it('is never replaced when it holds no valid key', () => {
    const file = path.join(freshFolder(), 'encryption.key');
    writeFileSync(file, 'not a key\n', { mode: 0o600 });
    expect(() => loadOrCreateKeyFile(file)).toThrow(DataKeyError);
    expect(() => loadOrCreateKeyFile(file)).toThrow(/restore it from a backup/);
    expect(readFileSync(file, 'utf8')).toBe('not a key\n');
  });

  it('reads a key an operator wrote in hexadecimal', () => {
    const file = path.join(freshFolder(), 'encryption.key');
    const key = randomBytes(32);
    writeFileSync(file, key.toString('hex'));
    expect(loadOrCreateKeyFile(file)).toEqual(key);
  });
});

describe('resolveDataKey', () => {
  it('uses a given key as it is', () => {
    const key = randomBytes(32);
    expect(resolveDataKey({ kind: 'given', key }, 'app-secret')).toBe(key);
    expect(() => resolveDataKey({ kind: 'given', key: randomBytes(8) }, 'x')).toThrow(DataKeyError);
  });

  it('uses the key file when told to', () => {
    const file = path.join(freshFolder(), 'encryption.key');
    const key = resolveDataKey({ kind: 'file', path: file }, 'app-secret');
    expect(resolveDataKey({ kind: 'file', path: file }, 'another-secret')).toEqual(key);
  });

  it('without a source (tests), derives one key per app secret and writes nothing', () => {
    const first = resolveDataKey(undefined, 'test-secret-test-secret-test-secret-0001');
    expect(first).toHaveLength(32);
    expect(resolveDataKey(undefined, 'test-secret-test-secret-test-secret-0001')).toEqual(first);
    expect(resolveDataKey(undefined, 'another-secret-another-secret-000')).not.toEqual(first);
  });
});
