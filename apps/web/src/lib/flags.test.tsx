import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFlags, loadFlags, resetFlagsForTests, useFlag } from './flags.ts';

afterEach(() => {
  resetFlagsForTests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answering = (flags: Record<string, boolean>) =>
  vi.fn(async () => new Response(JSON.stringify({ environment: 'demo', flags })));

describe('the client’s feature flags (spec sections 6 and 9)', () => {
  it('takes the server’s flags', async () => {
    const values = await fetchFlags(
      answering({
        'bypass-qualId': true,
        'rrif-funding-enabled': true,
        'disable-w9-esign-enabled': false,
        'demo-auth-codes': true,
      }),
    );
    expect(values).toEqual({
      'bypass-qualId': true,
      'rrif-funding-enabled': true,
      'disable-w9-esign-enabled': false,
      'demo-auth-codes': true,
    });
  });

  it('waits at most 5 seconds, then uses the safe defaults (identity never bypassed)', async () => {
    vi.useFakeTimers();
    const never = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );
    const pending = fetchFlags(never);
    await vi.advanceTimersByTimeAsync(4_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({
      'bypass-qualId': false,
      'rrif-funding-enabled': false,
      'disable-w9-esign-enabled': true,
      'demo-auth-codes': false,
    });
  });

  it('uses the safe default of a flag the server leaves out or garbles, and of a failed call', async () => {
    expect(
      await fetchFlags(answering({ 'bypass-qualId': 'yes' } as unknown as Record<string, boolean>)),
    ).toMatchObject({ 'bypass-qualId': false });
    expect(await fetchFlags(vi.fn(async () => new Response('', { status: 503 })))).toMatchObject({
      'bypass-qualId': false,
    });
    expect(
      await fetchFlags(
        vi.fn(async () => {
          throw new TypeError('offline');
        }),
      ),
    ).toMatchObject({ 'bypass-qualId': false });
  });

  it('evaluates through OpenFeature and tells a screen once the flags are in', async () => {
    vi.stubGlobal(
      'fetch',
      answering({
        'bypass-qualId': false,
        'rrif-funding-enabled': true,
        'disable-w9-esign-enabled': false,
      }),
    );
    function Probe() {
      const rrif = useFlag('rrif-funding-enabled');
      return <p>{rrif === undefined ? 'loading' : rrif ? 'on' : 'off'}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      await loadFlags();
    });
    expect(screen.getByText('on')).toBeTruthy();
  });
});
