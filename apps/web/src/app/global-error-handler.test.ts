import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorHandler, kindOfErrorEvent } from './global-error-handler.ts';

const ours = `${window.location.origin}/assets/index-abc123.js`;

describe('global error handler', () => {
  let uninstall = () => {};
  let empty = false;
  const deps = {
    report: vi.fn<(errorField: string) => void>(),
    screenIsEmpty: () => empty,
    showErrorPage: vi.fn<() => void>(),
  };

  beforeEach(() => {
    empty = false;
    deps.report.mockClear();
    deps.showErrorPage.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    uninstall = installGlobalErrorHandler(deps);
    window.location.hash = '#/home/funding';
  });
  afterEach(() => {
    uninstall();
    window.location.hash = '';
    vi.restoreAllMocks();
  });

  it('stays on the page at Chromium’s ResizeObserver notice (no error object), and reports it', () => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'ResizeObserver loop completed with undelivered notifications.',
        error: null,
      }),
    );
    expect(deps.showErrorPage).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/home/funding');
    expect(deps.report).toHaveBeenCalledWith(
      'notice ResizeObserver loop completed with undelivered notifications.',
    );
  });

  it('stays on the page for a script of another origin, and reports it without its query', () => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught TypeError: x is undefined',
        error: new TypeError('x is undefined'),
        filename: 'chrome-extension://abcdef/content.js?token=secret',
        lineno: 3,
        colno: 7,
      }),
    );
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'boom',
        error: new Error('boom'),
        filename: 'https://cdn.vendor.example/widget.js',
      }),
    );
    expect(deps.showErrorPage).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/home/funding');
    expect(deps.report).toHaveBeenCalledWith(
      'notice TypeError: x is undefined @ chrome-extension://abcdef/content.js:3:7',
    );
    expect(deps.report).toHaveBeenLastCalledWith(
      'notice Error: boom @ https://cdn.vendor.example/widget.js:0:0',
    );
    expect(deps.report.mock.calls.flat().join()).not.toContain('secret');
  });

  it('stays on the page at "Script error." (a cross-origin script’s hidden error)', () => {
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'Script error.', error: new Error(''), filename: ours }),
    );
    expect(deps.showErrorPage).not.toHaveBeenCalled();
    expect(deps.report).toHaveBeenCalledTimes(1);
  });

  it('reports a failure of our own code the screen survived, and stays', () => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'boom',
        error: new Error('boom'),
        filename: ours,
        lineno: 12,
        colno: 4,
      }),
    );
    expect(deps.showErrorPage).not.toHaveBeenCalled();
    expect(deps.report).toHaveBeenCalledWith(
      `error Error: boom @ ${window.location.origin}/assets/index-abc123.js:12:4`,
    );
  });

  it('opens the glitch page, through its caller’s router, when our failure left no screen', () => {
    empty = true;
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'boom', error: new Error('boom'), filename: ours }),
    );
    expect(deps.showErrorPage).toHaveBeenCalledTimes(1);
    // Never by writing the address, which goes around the router's leave guards.
    expect(window.location.hash).toBe('#/home/funding');
  });

  it('does not open the glitch page for a notice even on an empty screen', () => {
    empty = true;
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop', error: null }));
    expect(deps.showErrorPage).not.toHaveBeenCalled();
  });

  it('reports an unhandled rejection; the glitch page only when the screen is empty', () => {
    const rejection = (reason: unknown) => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(event, 'reason', { value: reason });
      return event;
    };
    window.dispatchEvent(rejection(new Error('late')));
    expect(deps.report).toHaveBeenCalledWith('rejection Error: late');
    expect(deps.showErrorPage).not.toHaveBeenCalled();
    empty = true;
    window.dispatchEvent(rejection('gone'));
    expect(deps.showErrorPage).toHaveBeenCalledTimes(1);
  });

  it('bounds what it reports', () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'x'.repeat(5000), error: null }));
    expect(deps.report.mock.calls[0]?.[0]).toHaveLength(500);
  });
});

describe('kind of an error event', () => {
  const origin = 'https://portal.example.ca';
  it('names our own scripts’ failures and everything else a notice', () => {
    const event = (init: ErrorEventInit) => new ErrorEvent('error', init);
    expect(
      kindOfErrorEvent(event({ error: new Error('x'), filename: `${origin}/assets/a.js` }), origin),
    ).toBe('ours');
    expect(kindOfErrorEvent(event({ error: null, filename: `${origin}/a.js` }), origin)).toBe(
      'notice',
    );
    expect(kindOfErrorEvent(event({ error: new Error('x'), filename: '' }), origin)).toBe('notice');
    expect(
      kindOfErrorEvent(
        event({ error: new Error('x'), filename: 'https://portal.example.com/a.js' }),
        origin,
      ),
    ).toBe('notice');
  });
});
