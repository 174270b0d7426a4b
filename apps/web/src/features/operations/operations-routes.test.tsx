import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, renderApp } from '../../test/render-app.tsx';
import { fakeOpsApi, renderConsole, staff } from './operations-test-kit.tsx';

describe('the operations console routes', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['a client', client],
    ['an advisor', { ...client, advisor: true }],
    ['a trial user', { ...client, trialUser: true }],
  ])('shows %s the not-found page, and never calls the ops API', async (_who, user) => {
    const api = fakeOpsApi();
    await renderApp({ path: '/operations/applications', user: { status: 'signedIn', user } });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.sent('GET', '/ops/applications')).toHaveLength(0);
  });

  it('sends staff from the dashboard to the console, where the queues are counted', async () => {
    fakeOpsApi();
    const { router } = await renderApp({
      path: '/home/dashboard',
      user: { status: 'signedIn', user: staff },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/operations');

    const table = await screen.findByRole('table', { name: 'Items waiting in each queue' });
    const underReview = within(table).getByRole('row', { name: /Applications under review/ });
    expect(within(underReview).getByRole('link')).toHaveAttribute(
      'href',
      '/operations/applications?status=underReview',
    );
    expect(underReview).toHaveTextContent('4');
    expect(within(underReview).getByText('2 overdue')).toBeVisible();
    expect(within(table).getByRole('row', { name: /PEP\/HIO forms due/ })).toHaveTextContent(
      '1 overdue',
    );
    expect(screen.getByRole('navigation', { name: 'Operations console' })).toBeVisible();
    // The header leads staff back to the console from anywhere.
    expect(screen.getByRole('link', { name: 'Operations' })).toHaveAttribute('href', '/operations');
  });

  it('shows staff the not-found page below the console for a path that is not a screen', async () => {
    fakeOpsApi();
    await renderApp({ path: '/operations/nowhere', user: { status: 'signedIn', user: staff } });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Operations console' })).toBeVisible();
  });

  it('speaks French', async () => {
    fakeOpsApi();
    await renderConsole('/operations', 'fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Opérations' })).toBeVisible();
    expect(await screen.findByRole('link', { name: "Demandes en cours d'examen" })).toBeVisible();
  });

  it('says when the queues cannot be loaded, and tries again', async () => {
    fakeOpsApi({
      'GET /ops/queues': [
        { status: 500, body: { errorCode: 'unexpected' } },
        {
          status: 200,
          body: {
            underReview: 0,
            requiresReview: 0,
            overdue: 0,
            identity: 0,
            funding: 0,
            pepForms: 0,
            pepFormsOverdue: 0,
            vendorEvents: 0,
          },
        },
      ],
    });
    await renderConsole('/operations');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the queues.');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('table', { name: 'Items waiting in each queue' })).toBeVisible();
  });
});
