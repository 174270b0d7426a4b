import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../cookies.ts';
import { RETURN_URL_COOKIE } from '../sign-in.ts';
import { currentAppPath, goToSignIn } from './http.ts';

describe('expired sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  it('remembers the current page and opens the sign-in page on the way to authorize', () => {
    window.location.hash = '#/application/profile?step=2';
    expect(currentAppPath()).toBe('/application/profile?step=2');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    goToSignIn();
    expect(readCookie(RETURN_URL_COOKIE)).toBe('/application/profile?step=2');
    const target = new URL(assign.mock.calls[0]?.[0] as string, 'http://x');
    expect(target.pathname).toBe('/security/login');
    expect(target.searchParams.get('returnTo')).toContain(
      '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
    );
  });
});
