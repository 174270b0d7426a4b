import { describe, expect, it } from 'vitest';
import { TokenCache, type CachedToken } from './token-cache.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');

function tokenOf(userId: string, sessionId: string): CachedToken<{ id: string }> {
  return {
    user: { id: userId },
    userId,
    sessionId,
    tokenId: `token-of-${sessionId}`,
    tokenExpiresAt: new Date(NOW + 15 * 60_000),
    sessionEndsAt: new Date(NOW + 12 * 3_600_000),
  };
}

function cacheWith(entries: Record<string, [string, string]>, maxEntries = 100) {
  const cache = new TokenCache<{ id: string }>({ ttlMs: 5_000, maxEntries });
  for (const [hash, [userId, sessionId]] of Object.entries(entries)) {
    cache.set(hash, tokenOf(userId, sessionId), { now: NOW, epoch: cache.epoch });
  }
  return cache;
}

describe('TokenCache', () => {
  it('serves an entry for its life, then forgets it', () => {
    const cache = cacheWith({ h1: ['u1', 's1'] });
    expect(cache.get('h1', NOW + 4_999)?.sessionId).toBe('s1');
    expect(cache.get('h1', NOW + 5_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves a token past its own expiry or its session end', () => {
    const cache = cacheWith({});
    const dying = { ...tokenOf('u1', 's1'), tokenExpiresAt: new Date(NOW + 1_000) };
    cache.set('h1', dying, { now: NOW, epoch: cache.epoch });
    expect(cache.get('h1', NOW + 999)).toBeDefined();
    expect(cache.get('h1', NOW + 1_000)).toBeUndefined();
    const ending = { ...tokenOf('u2', 's2'), sessionEndsAt: new Date(NOW + 2_000) };
    cache.set('h2', ending, { now: NOW, epoch: cache.epoch });
    expect(cache.get('h2', NOW + 2_000)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = cacheWith({ h1: ['u1', 's1'], h2: ['u2', 's2'], h3: ['u3', 's3'] }, 3);
    expect(cache.get('h1', NOW)).toBeDefined(); // h2 is now the least recently used
    cache.set('h4', tokenOf('u4', 's4'), { now: NOW, epoch: cache.epoch });
    expect(cache.size).toBe(3);
    expect(cache.get('h2', NOW)).toBeUndefined();
    expect(['h1', 'h3', 'h4'].every((hash) => cache.get(hash, NOW))).toBe(true);
  });

  it('evicts by session, by person and by token hash', () => {
    const cache = cacheWith({ a: ['u1', 's1'], b: ['u1', 's2'], c: ['u2', 's3'], d: ['u3', 's4'] });
    cache.evictSessions(['s1']);
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(cache.get('b', NOW)).toBeDefined();
    cache.evictUser('u1');
    expect(cache.get('b', NOW)).toBeUndefined();
    cache.evictToken('c');
    expect(cache.get('c', NOW)).toBeUndefined();
    expect(cache.get('d', NOW)).toBeDefined();
  });

  it('applies the notification payloads; an unknown one clears everything', () => {
    const cache = cacheWith({ a: ['u1', 's1'], b: ['u2', 's2'], c: ['u3', 's3'], d: ['u4', 's4'] });
    cache.applyNotification('session:s1');
    cache.applyNotification('user:u2');
    cache.applyNotification('token:c');
    expect(['a', 'b', 'c'].map((hash) => cache.get(hash, NOW))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(cache.get('d', NOW)).toBeDefined();
    cache.applyNotification('something else');
    expect(cache.size).toBe(0);
  });

  it('does not store a row read before an eviction that landed during the read', () => {
    const cache = cacheWith({});
    const epoch = cache.epoch; // the read starts
    cache.evictSessions(['s1']); // the session ends meanwhile
    cache.set('h1', tokenOf('u1', 's1'), { now: NOW, epoch });
    expect(cache.get('h1', NOW)).toBeUndefined();
  });

  it('serves nothing while deaf, and starts empty when it hears again', () => {
    const cache = cacheWith({ a: ['u1', 's1'] });
    cache.setListening(false);
    expect(cache.enabled).toBe(false);
    expect(cache.get('a', NOW)).toBeUndefined();
    cache.set('a', tokenOf('u1', 's1'), { now: NOW, epoch: cache.epoch });
    cache.setListening(true);
    expect(cache.size).toBe(0);
    expect(cache.enabled).toBe(true);
  });

  it('is off with a life of 0', () => {
    const cache = new TokenCache<{ id: string }>({ ttlMs: 0, maxEntries: 10 });
    cache.set('a', tokenOf('u1', 's1'), { now: NOW, epoch: cache.epoch });
    expect(cache.get('a', NOW)).toBeUndefined();
  });
});
