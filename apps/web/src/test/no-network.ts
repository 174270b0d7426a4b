import type { TestContext } from 'vitest';
import { REFRESH_SESSION_PATH, SESSION_TIMES_PATH } from '../lib/http/http-client.ts';

/**
 * No test reaches the network. jsdom has no server behind the app's relative addresses, so a call
 * nothing answers only logs "Failed to parse URL" and leaves the screen in whatever state a
 * failed call gives, which the test then asserts without knowing. Each test answers the calls it
 * makes (window.fetch spied: the fakes in this folder); a call nothing answered fails the test
 * that made it, naming the address.
 *
 * Only the session's own calls have a standing answer, the one an older server gives (no times):
 * every signed-in page reads the session's times and keeps it alive, whatever the screen tested.
 */

const sessionCalls = new Set([SESSION_TIMES_PATH, REFRESH_SESSION_PATH]);
let running: TestContext['task'] | undefined;
const unanswered: string[] = [];

const noNetwork: typeof fetch = async (input) => {
  const url = input instanceof Request ? input.url : String(input);
  if (sessionCalls.has(new URL(url, 'http://localhost').pathname)) {
    return new Response(null, { status: 204 });
  }
  // Counted while the test's body runs. Once it has ended, its own afterEach has put its fakes
  // away while the screen is still up until cleanup: a call then can change nothing it asserted.
  if (running?.result?.state === 'run') unanswered.push(url);
  // An answer rather than a network failure, which the client would try again seconds later,
  // in whichever test runs then.
  return new Response(null, { status: 501, statusText: 'No fake answers this call' });
};

/** Puts the fetch that answers nothing in place; a test's `vi.spyOn(window, 'fetch')` wraps it. */
export function installNoNetwork(): void {
  window.fetch = noNetwork;
  globalThis.fetch = noNetwork;
}

/** The test about to run: the calls its body makes unanswered are its own. */
export function watchCallsOf(task: TestContext['task']): void {
  running = task;
  unanswered.length = 0;
}

/** Fails the test whose body called what no fake answered. */
export function failOnUnansweredCalls(): void {
  if (unanswered.length === 0) return;
  const urls = [...new Set(unanswered.splice(0))].join(', ');
  throw new Error(`The test called the network with no fake to answer: ${urls}`);
}
