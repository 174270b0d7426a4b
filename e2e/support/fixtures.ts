import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Request,
  type Response,
} from '@playwright/test';
import { BankClock } from './bank-clock.ts';

export { expect };

/**
 * Every journey fails on a page error or a console error it did not expect (issue 32).
 *
 * What is recorded, in every browser context of the test (the `context` fixture's and any the
 * test opens with `browser.newContext()` or `browser.newPage()`, for a second person, a phone or
 * a staff member): uncaught exceptions of a page (`weberror`) and `console.error` messages.
 * Errors are read when the test ends; an unexpected one fails it, listing each with its page.
 *
 * What may be allowed, and how:
 *
 * - A journey that provokes an error on purpose says so in the test, with the reason:
 *   `pageErrors.allow({ message: /.../, why: '...' })` for an exception or a console message,
 *   `pageErrors.allow({ status: 404, url: /.../, why: '...' })` for an HTTP answer it expects.
 * - Chromium logs every 4xx and 5xx answer to a page's request as a console error, "Failed to
 *   load resource: the server responded with a status of 409 (Conflict)", located at the
 *   resource's address. Such a message passes only when the test declared that status (and, if
 *   given, that address) expected: an answer a journey provokes is part of what it tests, and
 *   one it did not provoke is a finding. One exception holds for every journey, because the
 *   suite's own configuration causes it: the servers' access tokens idle out after 5 seconds
 *   (`ACCESS_TOKEN_IDLE_SECONDS` in playwright.config.ts, so the journeys exercise the silent
 *   renewal), so an API call that carried a bearer token may be answered 401 and then renewed:
 *   that 401 passes when the same browser context renewed its token successfully after the call
 *   left (`GET /security/oauth/authorize` answered 200), as `http-client.ts` does; at the end of
 *   a test, a renewal still under way is waited for a few seconds.
 */

export interface ErrorAllowance {
  /** Why the journey provokes it: the reader of the test sees it beside the allowance. */
  why: string;
  /** Matches the exception's or the console message's text. */
  message?: RegExp;
  /** An HTTP status the journey expects (Chromium's "Failed to load resource" message). */
  status?: number;
  /** Matches the address of the resource (for a status) or of the page that logged it. */
  url?: RegExp;
}

export interface PageErrors {
  /** Declares an error this test provokes on purpose. */
  allow(allowance: ErrorAllowance): void;
}

interface Recorded {
  kind: 'page error' | 'console error';
  text: string;
  /** The resource's address for a failed load, else the page's. */
  url: string;
  /** The page it happened on, as it was then. */
  page: string;
}

const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d{3})/;
const API = /\/service\/jaxrs\//;
const AUTHORIZE = /\/security\/oauth\/authorize(\?|$)/;

/** A 401 to a call with a bearer token, and when it came: renewed if an authorize came after. */
interface Unauthorized {
  url: string;
  at: number;
}

class ErrorCapture implements PageErrors {
  private readonly recorded: Recorded[] = [];
  private readonly allowances: ErrorAllowance[] = [];
  private readonly unauthorized = new Map<BrowserContext, Unauthorized[]>();
  private readonly renewedAt = new Map<BrowserContext, number>();
  private readonly sentAt = new WeakMap<Request, number>();
  private sequence = 0;

  allow(allowance: ErrorAllowance): void {
    this.allowances.push(allowance);
  }

  watch(context: BrowserContext): void {
    context.on('weberror', (error) => {
      this.recorded.push({
        kind: 'page error',
        text: error.error().message,
        url: error.page()?.url() ?? '',
        page: error.page()?.url() ?? '',
      });
    });
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      this.recorded.push({
        kind: 'console error',
        text: message.text(),
        url: message.location().url || message.page()?.url() || '',
        page: message.page()?.url() ?? '',
      });
    });
    context.on('request', (request: Request) => {
      this.sequence += 1;
      this.sentAt.set(request, this.sequence);
    });
    context.on('response', (response: Response) => this.noteResponse(context, response));
  }

  private noteResponse(context: BrowserContext, response: Response): void {
    const url = response.url();
    this.sequence += 1;
    if (response.status() === 401 && API.test(url)) {
      const request = response.request();
      const bearer = request.headers()['authorization']?.startsWith('Bearer ');
      if (bearer) {
        // When the call left, not when its 401 came back: calls sent together with one idle
        // token are all refused, and the one renewal they share may answer before the last
        // of their 401s does.
        const list = this.unauthorized.get(context) ?? [];
        list.push({ url, at: this.sentAt.get(request) ?? this.sequence });
        this.unauthorized.set(context, list);
      }
    } else if (response.status() === 200 && AUTHORIZE.test(url)) {
      this.renewedAt.set(context, this.sequence);
    }
  }

  /**
   * A 401 at the very end of a test may still be renewing when the test's last step passes
   * (a dashboard asking again after the token idled out): waits, at most `waitMs`, for the
   * renewals the pages are making, as a person's browser would finish them.
   */
  async settleRenewals(waitMs = 5_000): Promise<void> {
    const pending = () =>
      this.recorded.some((error) => {
        const status = FAILED_LOAD.exec(error.text)?.[1];
        return status === '401' && API.test(error.url) && !this.isRenewedIdleToken(error.url);
      });
    for (let waited = 0; pending() && waited < waitMs; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A 401 of an idle token that its context renewed afterwards (see the module's comment). */
  private isRenewedIdleToken(url: string): boolean {
    for (const [context, list] of this.unauthorized) {
      const renewed = this.renewedAt.get(context) ?? -1;
      if (list.some((each) => each.url === url && each.at < renewed)) return true;
    }
    return false;
  }

  private isAllowed(error: Recorded): boolean {
    const status = FAILED_LOAD.exec(error.text)?.[1];
    if (status !== undefined) {
      if (status === '401' && this.isRenewedIdleToken(error.url)) return true;
      return this.allowances.some(
        (allowance) =>
          allowance.status === Number(status) && (allowance.url?.test(error.url) ?? true),
      );
    }
    return this.allowances.some(
      (allowance) =>
        allowance.status === undefined &&
        (allowance.message?.test(error.text) ?? true) &&
        (allowance.url?.test(error.url) ?? true),
    );
  }

  unexpected(): Recorded[] {
    return this.recorded.filter((error) => !this.isAllowed(error));
  }
}

const describe = (errors: Recorded[]) =>
  errors
    .map((error) => `- ${error.kind}: ${error.text}\n  at ${error.url}\n  on ${error.page}`)
    .join('\n');

/** Watches every context a test opens through `browser` until `restore` is called. */
function watchNewContexts(browser: Browser, capture: ErrorCapture): () => void {
  const newContext = browser.newContext;
  browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await newContext.apply(this, args);
    capture.watch(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export const test = base.extend<{ pageErrors: PageErrors; bankClock: BankClock }>({
  /** The sandbox bank's date, held by this test when it asks (support/bank-clock.ts). */
  bankClock: async ({ request }, use) => {
    const clock = new BankClock(request);
    try {
      await use(clock);
    } finally {
      await clock.release();
    }
  },
  pageErrors: [
    async ({ context, browser }, use, testInfo) => {
      const capture = new ErrorCapture();
      capture.watch(context);
      const restore = watchNewContexts(browser, capture);
      try {
        await use(capture);
      } finally {
        restore();
      }
      await capture.settleRenewals();
      const unexpected = capture.unexpected();
      if (unexpected.length === 0) return;
      const report = `Unexpected page or console errors:\n${describe(unexpected)}`;
      // A test that failed already says why; the errors go with it rather than over it.
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('unexpected page errors', {
          body: report,
          contentType: 'text/plain',
        });
        return;
      }
      throw new Error(
        `${report}\n\nFix the cause, or declare it in the test with pageErrors.allow({ ..., why }).`,
      );
    },
    { auto: true },
  ],
});
