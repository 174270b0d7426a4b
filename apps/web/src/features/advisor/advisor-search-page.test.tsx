import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, renderApp } from '../../test/render-app.tsx';
import {
  advisor,
  fakeAdvisorApi,
  invitation,
  listItem,
  ok,
  page,
  renderAdvisor,
  INVESTOR_ID,
} from './advisor-test-kit.tsx';

const SEARCH = '/qadvisor/search/investor/express';

describe('the advisor search', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it("lists the advisor's investors with their newest invitation's state in words", async () => {
    fakeAdvisorApi({
      'GET /qadvisor/search/investor/express': [
        ok(
          page([
            listItem(),
            listItem({
              id: 'bbbbbbbb-0000-4000-8000-000000000002',
              firstName: 'Jordan',
              lastName: 'Lee',
              email: 'jordan@example.com',
              latestInvitation: null,
            }),
            listItem({
              id: 'bbbbbbbb-0000-4000-8000-000000000003',
              firstName: 'Sam',
              lastName: 'Roy',
              latestInvitation: invitation({ state: 'submitted' }),
            }),
          ]),
        ),
      ],
    });
    await renderAdvisor(SEARCH);
    const table = await screen.findByRole('table', { name: 'Your investors' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Élise Côté' })).toHaveAttribute(
      'href',
      `/qadvisor/investors/${INVESTOR_ID}`,
    );
    expect(first).toHaveTextContent('elise@example.com');
    expect(first).toHaveTextContent('Opened');
    expect(second).toHaveTextContent('No invitation sent');
    expect(third).toHaveTextContent('Submitted');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(3);
  });

  it('searches by name or email through the URL and the API, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({
      'GET /qadvisor/search/investor/express': [ok(page([listItem()])), ok(page([]))],
    });
    const { router } = await renderAdvisor(SEARCH);
    await screen.findByRole('table', { name: 'Your investors' });
    await user.type(screen.getByLabelText('Name or email'), 'cote');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('No investor matches “cote”. Check the spelling or search by email.'),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?search=cote');
    expect(api.sent('GET', '/qadvisor/search/investor/express').at(-1)?.search).toBe(
      '?search=cote&page=1',
    );
    await user.click(screen.getByRole('button', { name: 'Show all investors' }));
    expect(router.state.location.search).toBe('');
  });

  it('pages through a long book', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({
      'GET /qadvisor/search/investor/express': [ok(page([listItem()], 45))],
    });
    await renderAdvisor(SEARCH);
    const paging = await screen.findByRole('navigation', { name: 'Page 1 of 3 (45 in all)' });
    expect(within(paging).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(paging).getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() =>
      expect(api.sent('GET', '/qadvisor/search/investor/express').at(-1)?.search).toBe('?page=2'),
    );
  });

  it('has designed empty and failed states, and Try again loads again', async () => {
    const user = userEvent.setup();
    fakeAdvisorApi({
      'GET /qadvisor/search/investor/express': [{ status: 500 }, ok(page([]))],
    });
    await renderAdvisor(SEARCH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load this page.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('You have no investors yet. Add one to send an express invitation.'),
    ).toBeVisible();
  });

  it('reads in French', async () => {
    fakeAdvisorApi();
    await renderAdvisor(SEARCH, 'fr');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Trouver un investisseur' }),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Vos investisseurs' });
    expect(table).toHaveTextContent('Ouverte');
  });

  it('ends the session from its menu (the header has no logout button for advisors)', async () => {
    fakeAdvisorApi();
    await renderAdvisor(SEARCH);
    const menu = screen.getByRole('navigation', { name: 'Advisor pages' });
    expect(within(menu).getByRole('link', { name: 'End session' })).toHaveAttribute(
      'href',
      '/logout',
    );
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('is a page that does not exist for anyone but an advisor', async () => {
    fakeAdvisorApi();
    await renderApp({ path: SEARCH, user: { status: 'signedIn', user: client } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 10_000 }),
    ).toBeVisible();
  });

  it('is where an advisor lands instead of the dashboard', async () => {
    fakeAdvisorApi();
    const { router } = await renderApp({
      path: '/home/dashboard',
      user: { status: 'signedIn', user: advisor },
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(SEARCH), {
      timeout: 10_000,
    });
  });
});
