import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeAdvisorApi,
  invitation,
  ok,
  page,
  renderAdvisor,
  INVESTOR_ID,
} from './advisor-test-kit.tsx';

describe("the advisor's invitations", () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every invitation, newest first, with its investor, accounts and state in words', async () => {
    fakeAdvisorApi({
      'GET /qadvisor/invitations': [
        ok(
          page([
            invitation({ state: 'submitted', accountTypes: ['rrsp', 'cash'] }),
            invitation({ id: 'two', state: 'expired', investorName: 'Jordan Lee' }),
          ]),
        ),
      ],
    });
    await renderAdvisor('/qadvisor/invitations');
    const table = await screen.findByRole('table', {
      name: 'Your express invitations, newest first',
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Élise Côté' })).toHaveAttribute(
      'href',
      `/qadvisor/investors/${INVESTOR_ID}`,
    );
    expect(first).toHaveTextContent('RRSP, Cash account');
    expect(first).toHaveTextContent('Submitted');
    expect(second).toHaveTextContent('Jordan Lee');
    expect(second).toHaveTextContent('Expired');
  });

  it('says when none was sent, in French too', async () => {
    fakeAdvisorApi({ 'GET /qadvisor/invitations': [ok(page([]))] });
    await renderAdvisor('/qadvisor/invitations', 'fr');
    expect(
      await screen.findByText("Vous n'avez encore envoyé aucune invitation express."),
    ).toBeVisible();
  });

  it('pages and retries', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({
      'GET /qadvisor/invitations': [{ status: 503 }, ok(page([invitation()], 41))],
    });
    await renderAdvisor('/qadvisor/invitations');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await vi.waitFor(() =>
      expect(api.sent('GET', '/qadvisor/invitations').at(-1)?.search).toBe('?page=2'),
    );
  });
});
