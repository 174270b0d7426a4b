import { navigateInApp } from '../lib/app-navigation.ts';

/**
 * Whether the app has a screen, and how the glitch page gets one back (global-error-handler.ts):
 * before the client's first render the page is the server's prerendered one, whose buttons do
 * nothing (ADR 0027); after an error no boundary caught, React has unmounted everything.
 */
export function appScreen(container: HTMLElement) {
  let render: (() => void) | undefined;
  const empty = () => container.childElementCount === 0;
  return {
    /** The client has drawn the app; `again` draws it anew. */
    rendered(again: () => void): void {
      render = again;
    },
    screenIsEmpty(): boolean {
      return render === undefined || empty();
    },
    /** The glitch page through the router; the app drawn again, once, when nothing is left. */
    showErrorPage(): void {
      navigateInApp('/error');
      if (empty() && render) {
        const again = render;
        render = () => {};
        again();
      }
    },
  };
}
