import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app.tsx';
import { routes } from './routes.tsx';

function Broken(): never {
  throw new Error('render failed');
}

/** The real route table with one screen that fails to render, inside the error boundary's layer. */
function withBrokenScreen(): RouteObject[] {
  const [root] = routes;
  const [guarded, ...rest] = root?.children ?? [];
  return [
    {
      ...root,
      children: [
        {
          ...guarded,
          children: [...(guarded?.children ?? []), { path: 'broken', Component: Broken }],
        },
        ...rest,
      ],
    } as RouteObject,
  ];
}

describe('route error boundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('moves to #/error through the router, shows the glitch page and reports the failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = vi
      .spyOn(window, 'fetch')
      .mockImplementation(async () => new Response(null, { status: 201 }));
    const { router } = await renderApp({ path: '/broken', routeTable: withBrokenScreen() });
    expect(await screen.findByRole('heading', { name: "We're sorry" })).toBeInTheDocument();
    // The router's own address is the glitch page's: its screen and its address agree.
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    const report = fetchSpy.mock.calls.find(([url]) => String(url) === '/service/jaxrs/errors');
    expect(JSON.parse(String(report?.[1]?.body))).toMatchObject({
      errorField: 'route Error: render failed',
    });
  });
});
