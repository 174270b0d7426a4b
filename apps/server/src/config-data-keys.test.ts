import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const k1 = randomBytes(32);
const k2 = randomBytes(32);

function refusalOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('DATA_ENCRYPTION_KEY as a key ring (ADR 0043)', () => {
  it('takes id:key entries, the current key first, by commas or line breaks', () => {
    const ring = `k2:${k2.toString('base64')}, k1:${k1.toString('hex')}`;
    expect(loadConfig({ DATA_ENCRYPTION_KEY: ring }).dataKey).toEqual({
      kind: 'ring',
      ring: {
        current: 'k2',
        keys: new Map([
          ['k2', k2],
          ['k1', k1],
        ]),
      },
    });
    const lines = `k1:${k1.toString('base64')}\nk2:${k2.toString('base64')}`;
    const dataKey = loadConfig({ DATA_ENCRYPTION_KEY: lines }).dataKey;
    expect(dataKey?.kind === 'ring' && dataKey.ring.current).toBe('k1');
  });

  it('reads the ring from DATA_ENCRYPTION_KEY_FILE, one key per line', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-ring-'));
    const file = path.join(folder, 'data-keys');
    writeFileSync(file, `k2:${k2.toString('base64')}\nk1:${k1.toString('base64')}\n`, {
      mode: 0o600,
    });
    const dataKey = loadConfig({ DATA_ENCRYPTION_KEY_FILE: file }).dataKey;
    expect(dataKey?.kind === 'ring' && [...dataKey.ring.keys.keys()]).toEqual(['k2', 'k1']);
  });

  it('keeps reading a single key as before (it is the key k1)', () => {
    expect(loadConfig({ DATA_ENCRYPTION_KEY: k1.toString('base64') }).dataKey).toEqual({
      kind: 'given',
      key: k1,
    });
  });

  it('refuses a malformed ring with a reason, never repeating a key', () => {
    const key = k2.toString('base64');
    const cases: [string, RegExp][] = [
      [`k2:${key},k2:${k1.toString('base64')}`, /key id k2 appears twice/],
      [`k2:${key},k1:${key}`, /k2 and k1 of the key ring are the same key/],
      [`k2:${key},${k1.toString('base64')}`, /entry 2 of the key ring must be written id:key/],
      [`k:2:${key}`, /the key k of the key ring must be 32 bytes/],
      [`k2:${key.slice(4)}`, /the key k2 of the key ring must be 32 bytes/],
      [`bad id:${key}`, /entry 1 of the key ring/],
    ];
    for (const [ring, reason] of cases) {
      const message = refusalOf({ DATA_ENCRYPTION_KEY: ring });
      expect(message).toMatch(/^Invalid configuration: DATA_ENCRYPTION_KEY: /);
      expect(message).toMatch(reason);
      expect(message).not.toContain(key);
      expect(message).not.toContain(key.slice(4));
    }
  });
});
