import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandler } from './global-error-handler.ts';

describe('global error handler', () => {
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    window.location.hash = '';
    vi.restoreAllMocks();
  });

  it('sets the address fragment to #/error on an uncaught error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    uninstall = installGlobalErrorHandler();
    window.location.hash = '#/home/dashboard';
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    expect(window.location.hash).toBe('#/error');
  });

  it('does the same for an unhandled promise rejection', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    uninstall = installGlobalErrorHandler();
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(event, 'reason', { value: new Error('late') });
    window.dispatchEvent(event);
    expect(window.location.hash).toBe('#/error');
  });
});
