/**
 * Errors nobody caught. Spec section 2 ("the error handler also sets #/error") holds for a
 * failure of our own code that left the screen without content: the person then gets the
 * technical-glitch page rather than a blank one. Everything else the window hears is a notice
 * the screen survived, and leaving it would throw away what the person typed (issue 30, A-B1):
 * - an `ErrorEvent` without an error object: the browser's own notices, such as Chromium's
 *   "ResizeObserver loop completed with undelivered notifications", which a combobox whose list
 *   resizes while it opens sets off;
 * - a script of another origin (a browser extension, a vendor's frame), or one the browser
 *   hides behind "Script error." (a cross-origin script without CORS).
 * Both kinds are logged and reported to the server (`POST errors`), never navigated on.
 */

/** The browser's text for an error in a script of another origin, details withheld. */
const CROSS_ORIGIN_SCRIPT_ERROR = 'Script error.';
/** Enough of a message to find the fault; the server bounds a report at 4,000 characters. */
const REPORTED_TEXT_LENGTH = 500;

export type ErrorEventKind = 'notice' | 'ours';

/** Whether an `error` event is a failure of this app's code or a notice it survived. */
export function kindOfErrorEvent(event: ErrorEvent, origin: string): ErrorEventKind {
  if (event.error === null || event.error === undefined) return 'notice';
  if (event.message === CROSS_ORIGIN_SCRIPT_ERROR) return 'notice';
  return originOf(event.filename) === origin ? 'ours' : 'notice';
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The script's address without its query or fragment, which may carry a token. */
function whereOf(event: ErrorEvent): string {
  const url = originOf(event.filename) === null ? null : new URL(event.filename);
  if (!url) return '';
  return ` @ ${url.protocol}//${url.host}${url.pathname}:${event.lineno}:${event.colno}`;
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return typeof value === 'string' ? value : Object.prototype.toString.call(value);
}

const bounded = (text: string) => text.slice(0, REPORTED_TEXT_LENGTH);

export interface GlobalErrorDeps {
  /** Sends `errorField` to the server's error log (throttled by the HTTP client). */
  report(errorField: string): void;
  /** Whether the app's screen is left without content (the app has nothing to show). */
  screenIsEmpty(): boolean;
  /** Opens the technical-glitch page through the router (leave guards run, drafts are kept). */
  showErrorPage(): void;
}

export function installGlobalErrorHandler(
  deps: GlobalErrorDeps,
  target: Window = window,
): () => void {
  const origin = target.location.origin;
  const onError = (event: ErrorEvent) => {
    const kind = kindOfErrorEvent(event, origin);
    const text = event.error === null || event.error === undefined ? event.message : event.error;
    console.error(kind === 'notice' ? 'browser notice' : 'unhandled error', text);
    deps.report(
      bounded(`${kind === 'notice' ? 'notice' : 'error'} ${describe(text)}${whereOf(event)}`),
    );
    if (kind === 'ours' && deps.screenIsEmpty()) deps.showErrorPage();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('unhandled promise rejection', event.reason);
    deps.report(bounded(`rejection ${describe(event.reason)}`));
    // A failed call has already shown the glitch page where the spec says so (http-client.ts).
    if (deps.screenIsEmpty()) deps.showErrorPage();
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
