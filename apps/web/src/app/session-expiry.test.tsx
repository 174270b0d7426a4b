import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { TranslationProvider } from '../lib/i18n.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@portal/domain/enums/define-enum';
import type { SessionTimes } from '@portal/domain/rules/session-timing';
import { readCookie } from '../lib/cookies.ts';
import { createTestI18n } from '../test/i18n.ts';
import { recordSessionTimes } from '../lib/session-clock.ts';
import { onSessionEnd } from '../lib/session-end.ts';
import { readAccessToken, storeAccessToken } from '../lib/session-token.ts';
import { RETURN_URL_COOKIE } from '../lib/sign-in.ts';
import { SessionExpiry, timeLeft, type SessionExpiryProps } from './session-expiry.tsx';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-22T15:00:00Z');

const times = (idleMs: number, absoluteMs: number, at = Date.now()): SessionTimes => ({
  now: new Date(at).toISOString(),
  idleExpiresAt: new Date(at + idleMs).toISOString(),
  absoluteExpiresAt: new Date(at + absoluteMs).toISOString(),
});

/** The security calls behind `window.fetch`; `refresh` answers "Stay signed in". */
function fakeSecurity(refresh: () => Response | Promise<Response>) {
  const calls: string[] = [];
  const spy = vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push(path);
    if (path === '/security/auth/refreshsession') return refresh();
    return new Response(null, { status: 204 });
  });
  return { calls, spy };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function renderWatch(language: Language = 'en', props: SessionExpiryProps = {}) {
  const i18n = await createTestI18n(language);
  render(
    <TranslationProvider i18n={i18n}>
      <main>
        <button type="button">Where the person was</button>
      </main>
      <SessionExpiry {...props} />
    </TranslationProvider>,
  );
}

// Testing Library's waitFor polls on the timers these tests fake: move the clock instead.
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const settle = () => advance(50);
/**
 * A press on a dialog button (user-event waits on the faked timers): react-aria takes a plain
 * click as a press, as from a screen reader.
 */
const press = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const liveRegion = (dialog: HTMLElement) => dialog.querySelector('[aria-live="polite"]');

describe('session expiry warning (WCAG 2.2.1)', () => {
  beforeEach(() => {
    // The clock and timers only: the dialog library's animation frames stay real.
    vi.useFakeTimers({
      now: T0,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    storeAccessToken('token-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('warns two minutes before the idle limit, reads the time left sparingly, and Stay extends', async () => {
    const { calls } = fakeSecurity(() => json(times(15 * MINUTE, 8 * 60 * MINUTE)));
    recordSessionTimes(times(15 * MINUTE, 8 * 60 * MINUTE));
    const expire = vi.fn();
    await renderWatch('en', { expire });

    await advance(13 * MINUTE - 1000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(1000);
    const dialog = screen.getByRole('alertdialog', { name: "You'll be signed out soon" });
    expect(dialog).toHaveAccessibleDescription(/You will be signed out in 2 minutes\./);
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    await settle();
    expect(stay).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    // Second by second for 110 s, the words change only once a minute, then every ten seconds.
    const heard: string[] = [];
    for (let second = 0; second < 110; second += 1) {
      const text = liveRegion(dialog)?.textContent ?? '';
      if (heard.at(-1) !== text) heard.push(text);
      await advance(1000);
    }
    expect(heard).toEqual([
      'You will be signed out in 2 minutes.',
      'You will be signed out in 60 seconds.',
      'You will be signed out in 50 seconds.',
      'You will be signed out in 40 seconds.',
      'You will be signed out in 30 seconds.',
      'You will be signed out in 20 seconds.',
    ]);

    await press(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toContain('/security/auth/refreshsession');
    await advance(5 * MINUTE);
    expect(expire).not.toHaveBeenCalled();
  });

  it('Escape keeps the person signed in too, in French', async () => {
    const { calls } = fakeSecurity(() => json(times(15 * MINUTE, 8 * 60 * MINUTE)));
    recordSessionTimes(times(15 * MINUTE, 8 * 60 * MINUTE));
    await renderWatch('fr', { expire: vi.fn() });
    await advance(13 * MINUTE);
    const dialog = screen.getByRole('alertdialog', { name: 'Vous serez bientôt déconnecté' });
    expect(dialog).toHaveAccessibleDescription(/Votre session sera fermée dans 2 minutes\./);
    expect(within(dialog).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    await settle();
    expect(within(dialog).getByRole('button', { name: 'Rester connecté' })).toHaveFocus();
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    });
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((path) => path === '/security/auth/refreshsession')).toHaveLength(1);
  });

  it('follows the times other calls bring: a refresh moves the warning later', async () => {
    fakeSecurity(() => json(times(15 * MINUTE, 8 * 60 * MINUTE)));
    recordSessionTimes(times(15 * MINUTE, 8 * 60 * MINUTE));
    await renderWatch('en', { expire: vi.fn() });
    await advance(10 * MINUTE);
    act(() => recordSessionTimes(times(15 * MINUTE, 8 * 60 * MINUTE - 10 * MINUTE)));
    await advance(5 * MINUTE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(8 * MINUTE);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('says when the absolute limit ends the session, with no way to extend it, in French', async () => {
    fakeSecurity(() => json(times(15 * MINUTE, 8 * 60 * MINUTE)));
    recordSessionTimes(times(15 * MINUTE, 10 * MINUTE));
    const expire = vi.fn();
    await renderWatch('fr', { expire });
    await advance(8 * MINUTE);
    const dialog = screen.getByRole('alertdialog', {
      name: 'Votre session prendra bientôt fin',
    });
    expect(dialog).toHaveAccessibleDescription(
      /La vôtre prend fin à .+ et ne peut pas être prolongée.*Votre session prend fin dans 2 minutes\./,
    );
    expect(within(dialog).queryByRole('button', { name: 'Rester connecté' })).toBeNull();
    await press(within(dialog).getByRole('button', { name: 'Continuer' }));
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(MINUTE);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(MINUTE);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('when time runs out, keeps the typed work, forgets the token and opens the sign-in page', async () => {
    fakeSecurity(() => json(times(15 * MINUTE, 8 * 60 * MINUTE)));
    recordSessionTimes(times(15 * MINUTE, 8 * 60 * MINUTE));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    window.location.hash = '#/application/abc/profile';
    const keepDraft = vi.fn();
    const stop = onSessionEnd(keepDraft);
    await renderWatch('en');
    await advance(15 * MINUTE - 1);
    expect(keepDraft).not.toHaveBeenCalled();
    await advance(1);
    expect(keepDraft).toHaveBeenCalledTimes(1);
    expect(readAccessToken()).toBeNull();
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/^\/security\/login\?returnTo=/);
    expect(readCookie(RETURN_URL_COOKIE)).toBeDefined();
    stop();
  });

  it('a session that ended meanwhile goes to sign in; a failed network says so and stays', async () => {
    let answer: () => Response = () => json({ errorCode: 'signInRequired' }, 401);
    fakeSecurity(() => answer());
    recordSessionTimes(times(15 * MINUTE, 8 * 60 * MINUTE));
    const expire = vi.fn();
    await renderWatch('en', { expire });
    await advance(13 * MINUTE);
    const dialog = screen.getByRole('alertdialog');
    answer = () => {
      throw new TypeError('offline');
    };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await press(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await advance(5000); // the client tries three times, 2 s apart
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      "We couldn't reach our server to keep you signed in.",
    );
    answer = () => json({ errorCode: 'signInRequired' }, 401);
    await press(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await settle();
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('Sign out keeps the typed work, ends the server session and leaves', async () => {
    const { calls } = fakeSecurity(() => json(times(15 * MINUTE, 8 * 60 * MINUTE)));
    recordSessionTimes(times(15 * MINUTE, 8 * 60 * MINUTE));
    const leave = vi.fn();
    const keepDraft = vi.fn();
    const stop = onSessionEnd(keepDraft);
    await renderWatch('en', { leave, expire: vi.fn() });
    await advance(13 * MINUTE);
    await press(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    await settle();
    expect(leave).toHaveBeenCalled();
    expect(keepDraft).toHaveBeenCalledTimes(1);
    expect(calls).toContain('/security/logout');
    stop();
  });
});

describe('timeLeft', () => {
  it('rounds up to whole minutes above one minute, then to tens of seconds', () => {
    expect(timeLeft(120_000)).toEqual({ unit: 'minutes', count: 2 });
    expect(timeLeft(60_001)).toEqual({ unit: 'minutes', count: 2 });
    expect(timeLeft(60_000)).toEqual({ unit: 'seconds', count: 60 });
    expect(timeLeft(41_000)).toEqual({ unit: 'seconds', count: 50 });
    expect(timeLeft(1)).toEqual({ unit: 'seconds', count: 10 });
  });
});
