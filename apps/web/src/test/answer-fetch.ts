import { vi } from 'vitest';

export interface FetchAnswer {
  status: number;
  body?: unknown;
}

/**
 * window.fetch answering the calls named `METHOD /path` (the path as the page asks it, without
 * the query) from a table, for a test whose subject is not that API: a screen the test passes
 * through, a call made on the way. Any other call goes on to no-network.ts, which fails the test
 * naming it.
 */
export function answerFetch(answers: Record<string, FetchAnswer>) {
  const below = window.fetch;
  // Spying a spy again would replace what it answers, and call itself for the rest.
  if (vi.isMockFunction(below)) throw new Error('window.fetch is faked already: answer there');
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!answer) return below(input, init);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
}
