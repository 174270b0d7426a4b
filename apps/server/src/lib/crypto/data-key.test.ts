import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataKeyRingError,
  keyRingText,
  LEGACY_KEY_ID,
  parseKeyRingText,
  type DataKeyRing,
} from './data-key-ring.ts';
import { DataKeyError, loadOrCreateKeyFile, parseDataKey, resolveDataKeyRing } from './data-key.ts';
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

const onlyKey = (ring: DataKeyRing) => {
  expect(ring.current).toBe(LEGACY_KEY_ID);
  expect([...ring.keys.keys()]).toEqual([LEGACY_KEY_ID]);
  return ring.keys.get(LEGACY_KEY_ID)!;
};

describe('the development key file (DATA_DIR/encryption.key)', () => {
  it('is generated once with mode 0600 and reused after a restart', () => {
    const file = path.join(freshFolder(), 'data', 'encryption.key');
    const first = loadOrCreateKeyFile(file);
    const key = onlyKey(first);
    expect(key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(key.toString('base64'));

    // A restart reads the same key, so what was encrypted before still decrypts.
    const sealed = createFieldCipher(first).encrypt('046 454 286');
    const again = loadOrCreateKeyFile(file);
    expect(onlyKey(again)).toEqual(key);
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
    expect(onlyKey(loadOrCreateKeyFile(file))).toEqual(key);
  });

  it('reads a key ring of id:key lines, the current key first (ADR 0043)', () => {
    const file = path.join(freshFolder(), 'encryption.key');
    const [k2, k1] = [randomBytes(32), randomBytes(32)];
    writeFileSync(file, `# rotated\nk2:${k2.toString('base64')}\nk1:${k1.toString('hex')}\n`);
    const ring = loadOrCreateKeyFile(file);
    expect(ring.current).toBe('k2');
    expect([...ring.keys]).toEqual([
      ['k2', k2],
      ['k1', k1],
    ]);
    expect(keyRingText(ring)).toBe(`k2:${k2.toString('base64')}\nk1:${k1.toString('base64')}`);
  });

  it('refuses a ring that names a key twice, without repeating a key', () => {
    const file = path.join(freshFolder(), 'encryption.key');
    const key = randomBytes(32).toString('base64');
    writeFileSync(file, `k2:${key}\nk2:${randomBytes(32).toString('base64')}\n`);
    expect(() => loadOrCreateKeyFile(file)).toThrow(/k2 appears twice/);
    writeFileSync(file, `k2:${key}\nk1:${key}\n`);
    let message = '';
    try {
      loadOrCreateKeyFile(file);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/k2 and k1 of the key ring are the same key/);
    expect(message).not.toContain(key);
  });
});

describe('parseKeyRingText', () => {
  it('refuses bad ids, bad keys and an empty ring, naming the entry but not the key', () => {
    const key = randomBytes(32).toString('base64');
    expect(() => parseKeyRingText('', parseDataKey)).toThrow(/holds no key/);
    expect(() => parseKeyRingText(`k.2:${key}`, parseDataKey)).toThrow(/entry 1/);
    expect(() => parseKeyRingText(`k2:${key},${key}`, parseDataKey)).toThrow(/entry 2/);
    expect(() => parseKeyRingText(`k2:short`, parseDataKey)).toThrow(/the key k2 .* 32 bytes/);
    expect(() => parseKeyRingText(`${'x'.repeat(17)}:${key}`, parseDataKey)).toThrow(
      DataKeyRingError,
    );
  });
});

describe('resolveDataKeyRing', () => {
  it('uses a given key as the legacy key k1, and a given ring as it is', () => {
    const key = randomBytes(32);
    expect(onlyKey(resolveDataKeyRing({ kind: 'given', key }, 'app-secret'))).toBe(key);
    expect(() => resolveDataKeyRing({ kind: 'given', key: randomBytes(8) }, 'x')).toThrow(
      DataKeyError,
    );
    const ring = parseKeyRingText(`k2:${key.toString('hex')}`, parseDataKey);
    expect(resolveDataKeyRing({ kind: 'ring', ring }, 'app-secret')).toBe(ring);
  });

  it('uses the key file when told to', () => {
    const file = path.join(freshFolder(), 'encryption.key');
    const ring = resolveDataKeyRing({ kind: 'file', path: file }, 'app-secret');
    expect(resolveDataKeyRing({ kind: 'file', path: file }, 'another-secret')).toEqual(ring);
  });

  it('without a source (tests), derives one key per app secret and writes nothing', () => {
    const first = onlyKey(
      resolveDataKeyRing(undefined, 'test-secret-test-secret-test-secret-0001'),
    );
    expect(first).toHaveLength(32);
    expect(
      onlyKey(resolveDataKeyRing(undefined, 'test-secret-test-secret-test-secret-0001')),
    ).toEqual(first);
    expect(onlyKey(resolveDataKeyRing(undefined, 'another-secret-another-secret-000'))).not.toEqual(
      first,
    );
  });
});
