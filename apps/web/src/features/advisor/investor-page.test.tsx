import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeAdvisorApi,
  invitation,
  investorView,
  ok,
  renderAdvisor,
  INVESTOR_ID,
} from './advisor-test-kit.tsx';

const INVESTOR = `/qadvisor/investors/${INVESTOR_ID}`;
const INVITATIONS = `/qadvisor/investors/${INVESTOR_ID}/invitations`;

describe("an investor's page", () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows what the advisor entered and the invitation history with states in words', async () => {
    fakeAdvisorApi({
      [`GET ${INVESTOR}`]: [
        ok(
          investorView({
            invitations: [
              invitation({ state: 'submitted', accountTypes: ['tfsa', 'cash'] }),
              invitation({ id: 'old', state: 'replaced' }),
            ],
          }),
        ),
      ],
    });
    await renderAdvisor(INVESTOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Élise Côté' })).toBeVisible();
    expect(screen.getByText('H2X 1Y4')).toBeVisible();
    expect(screen.getByText('March 27, 1985')).toBeVisible();
    const table = screen.getByRole('table', {
      name: 'Invitations sent to Élise Côté, newest first',
    });
    const [, newest, older] = within(table).getAllByRole('row');
    expect(newest).toHaveTextContent('TFSA, Cash account');
    expect(newest).toHaveTextContent('Submitted');
    expect(older).toHaveTextContent('Replaced by a newer invitation');
  });

  it('sends an invitation with the accounts chosen and names the address it went to', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({
      [`GET ${INVESTOR}`]: [
        ok(investorView({ invitations: [], latestInvitation: null })),
        ok(investorView({ invitations: [invitation({ state: 'sent' })] })),
      ],
      [`POST ${INVITATIONS}`]: [ok(invitation({ state: 'sent' }), 201)],
    });
    await renderAdvisor(INVESTOR);
    expect(
      await screen.findByText('No invitation has been sent to this investor yet.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send an express invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one account.');
    expect(api.sent('POST', INVITATIONS)).toHaveLength(0);

    await user.click(screen.getByLabelText('TFSA'));
    await user.click(screen.getByRole('button', { name: 'Send an express invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Express invitation sent to elise@example.com.',
    );
    expect(api.sent('POST', INVITATIONS)[0]?.body).toEqual({ accountTypes: ['tfsa'] });
    expect(await screen.findByRole('table')).toHaveTextContent('Sent');
  });

  it('has the advisor confirm that a new invitation voids the link already sent', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({
      [`POST ${INVITATIONS}`]: [ok(invitation({ state: 'sent' }), 201)],
    });
    await renderAdvisor(INVESTOR);
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('RRSP'));
    await user.click(screen.getByRole('button', { name: 'Send an express invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Confirm that the earlier link will stop working.',
    );
    expect(api.sent('POST', INVITATIONS)).toHaveLength(0);
    const replace = screen.getByRole('group', {
      name: /the link already sent to elise@example.com will stop working/,
    });
    await user.click(
      within(replace).getByLabelText('I understand the earlier link will stop working'),
    );
    await user.click(screen.getByRole('button', { name: 'Send an express invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Express invitation sent to elise@example.com.',
    );
  });

  it("explains the server's refusals: too many invitations, accounts that cannot go together", async () => {
    const user = userEvent.setup();
    fakeAdvisorApi({
      [`GET ${INVESTOR}`]: [ok(investorView({ invitations: [], latestInvitation: null }))],
      [`POST ${INVITATIONS}`]: [
        { status: 429, body: { errorCode: 'tooManyInvitations', retryAfterSeconds: 600 } },
        { status: 400, body: { errorCode: 'invalidInput', fields: { accounts: 'invalid' } } },
      ],
    });
    await renderAdvisor(INVESTOR);
    await screen.findByText('No invitation has been sent to this investor yet.');
    await user.click(screen.getByLabelText('TFSA'));
    await user.click(screen.getByRole('button', { name: 'Send an express invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 10 minutes.');
    await user.click(screen.getByRole('button', { name: 'Send an express invitation' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "These accounts can't be opened together.",
      ),
    );
  });

  it('says in French that the address cannot be invited, without saying why', async () => {
    const user = userEvent.setup();
    fakeAdvisorApi({
      [`GET ${INVESTOR}`]: [ok(investorView({ invitations: [], latestInvitation: null }))],
      [`POST ${INVITATIONS}`]: [{ status: 409, body: { errorCode: 'addressNotInvitable' } }],
    });
    await renderAdvisor(INVESTOR, 'fr');
    await user.click(await screen.findByLabelText('CELI'));
    await user.click(screen.getByRole('button', { name: /invitation/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cette adresse ne peut pas être invitée; communiquez avec les opérations.',
    );
  });

  it('has a designed failed state', async () => {
    fakeAdvisorApi({ [`GET ${INVESTOR}`]: [{ status: 500 }] });
    await renderAdvisor(INVESTOR);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this page.");
  });

  it("another advisor's investor (404) is a page that cannot be loaded", async () => {
    fakeAdvisorApi();
    await renderAdvisor('/qadvisor/investors/someone-else');
    expect(await screen.findByRole('alert')).toBeVisible();
  });
});
