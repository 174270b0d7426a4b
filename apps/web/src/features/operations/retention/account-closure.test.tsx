import type { RetentionStateView } from '@portal/domain/retention/retention-rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_ID, fakeOpsApi, ok, renderConsole } from '../operations-test-kit.tsx';

const open: RetentionStateView = {
  applicationId: APPLICATION_ID,
  status: 'approved',
  accountClosedAt: null,
  legalHold: false,
  legalHoldReason: null,
  legalHoldSince: null,
  deletableFrom: {
    identityRecord: null,
    accountAgreement: null,
    padAgreement: null,
    paymentFiles: null,
    auditEvents: null,
  },
};
// 15 January 2026 at midnight in Toronto, as the console sends that day.
const CLOSED_AT = '2026-01-15T05:00:00.000Z';
const closed: RetentionStateView = {
  ...open,
  accountClosedAt: CLOSED_AT,
  deletableFrom: {
    identityRecord: '2033-01-15T05:00:00.000Z',
    accountAgreement: '2033-01-15T05:00:00.000Z',
    padAgreement: '2033-01-15T05:00:00.000Z',
    paymentFiles: '2033-01-15T05:00:00.000Z',
    auditEvents: '2033-01-15T05:00:00.000Z',
  },
};
const PATH = `/ops/retention/${APPLICATION_ID}`;
const CLOSURE = `${PATH}/accountClosure`;
const REASON = 'Client closed the account by letter';

/** Opens the closure dialog of the retention page and fills in what is given. */
async function openClosure(
  user: ReturnType<typeof userEvent.setup>,
  labels: { record: string; day: string; month: string; year: string; reason: string },
  answers: { day?: string; month?: string; year?: string; reason?: string },
) {
  await user.click(await screen.findByRole('button', { name: labels.record }));
  const dialog = await screen.findByRole('dialog');
  if (answers.day) await user.type(within(dialog).getByLabelText(labels.day), answers.day);
  if (answers.month) await user.type(within(dialog).getByLabelText(labels.month), answers.month);
  if (answers.year) await user.type(within(dialog).getByLabelText(labels.year), answers.year);
  if (answers.reason) await user.type(within(dialog).getByLabelText(labels.reason), answers.reason);
  return dialog;
}

const english = {
  record: "Record the account's closure",
  day: 'Day',
  month: 'Month',
  year: 'Year',
  reason: 'Reason',
};

describe("recording an account's closure in the operations console", () => {
  beforeEach(() => {
    // Only the date is frozen (30 November 2026, morning in Toronto): timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T15:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says that closing starts the retention clock, sends the day and the reason, and moves focus to the result', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeOpsApi({
      [`GET ${PATH}`]: [ok(open)],
      [`PUT ${CLOSURE}`]: [ok(closed)],
    });
    await renderConsole(`/operations/retention/${APPLICATION_ID}`);
    const dialog = await openClosure(user, english, {
      day: '15',
      month: '1',
      year: '2026',
      reason: REASON,
    });
    expect(dialog).toHaveTextContent('Closing starts the retention clock.');
    await user.click(within(dialog).getByRole('button', { name: 'Record the closure' }));

    const result = await screen.findByText(
      "The account's closure on Jan 15, 2026 is recorded. The retention clock has started.",
    );
    expect(api.sent('PUT', CLOSURE).map((call) => call.body)).toEqual([
      { closedAt: CLOSED_AT, reason: REASON },
    ]);
    expect(result.closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Correct the closure date' })).toBeVisible();
    // The page shows the answer as it came: no second load.
    expect(api.sent('GET', PATH)).toHaveLength(1);
  });

  it('links a missing, unreal or future date to the date field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeOpsApi({ [`GET ${PATH}`]: [ok(open)] });
    await renderConsole(`/operations/retention/${APPLICATION_ID}`);
    const dialog = await openClosure(user, english, { reason: REASON });
    const send = within(dialog).getByRole('button', { name: 'Record the closure' });
    const date = within(dialog).getByRole('group', { name: 'Date the account was closed' });

    await user.click(send);
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Error:Enter the date the account was closed.'),
    );
    expect(within(dialog).getByLabelText('Day')).toHaveFocus();
    expect(within(dialog).getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Day'), '31');
    await user.type(within(dialog).getByLabelText('Month'), '2');
    await user.type(within(dialog).getByLabelText('Year'), '2026');
    await user.click(send);
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Enter a real date: day, month and year, for example 27 11 2026.'),
    );

    // Tomorrow in Toronto.
    await user.clear(within(dialog).getByLabelText('Day'));
    await user.type(within(dialog).getByLabelText('Day'), '1');
    await user.clear(within(dialog).getByLabelText('Month'));
    await user.type(within(dialog).getByLabelText('Month'), '12');
    await user.click(send);
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('The closure date cannot be in the future.'),
    );
    expect(api.sent('PUT', CLOSURE)).toEqual([]);
  });

  it('says in words, in French, why the server refused the closure', async () => {
    const user = userEvent.setup({ delay: null });
    fakeOpsApi({
      [`GET ${PATH}`]: [ok(open)],
      [`PUT ${CLOSURE}`]: [{ status: 409, body: { errorCode: 'accountNotApproved' } }],
    });
    await renderConsole(`/operations/retention/${APPLICATION_ID}`, 'fr');
    const dialog = await openClosure(
      user,
      {
        record: 'Consigner la fermeture du compte',
        day: 'Jour',
        month: 'Mois',
        year: 'Année',
        reason: 'Motif',
      },
      { day: '15', month: '1', year: '2026', reason: 'Fermé par lettre du client' },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Consigner la fermeture' }));
    const refusal = await screen.findByText(
      "Cette demande n'a pas été approuvée : elle n'a ouvert aucun compte, il n'y a pas de fermeture à consigner.",
    );
    expect(refusal.closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open on the date when the server finds it in the future', async () => {
    const user = userEvent.setup({ delay: null });
    fakeOpsApi({
      [`GET ${PATH}`]: [ok(open)],
      [`PUT ${CLOSURE}`]: [
        {
          status: 422,
          body: { errorCode: 'closureInFuture', fields: { closedAt: 'closureInFuture' } },
        },
      ],
    });
    await renderConsole(`/operations/retention/${APPLICATION_ID}`);
    const dialog = await openClosure(user, english, {
      day: '30',
      month: '11',
      year: '2026',
      reason: REASON,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Record the closure' }));
    expect(
      await within(dialog).findByRole('group', { name: 'Date the account was closed' }),
    ).toHaveAccessibleDescription(expect.stringContaining('cannot be in the future'));
    expect(within(dialog).getByLabelText('Day')).toHaveFocus();
  });

  it('offers no closure for an application that was not approved, and says why', async () => {
    fakeOpsApi({ [`GET ${PATH}`]: [ok({ ...open, status: 'underReview' })] });
    await renderConsole(`/operations/retention/${APPLICATION_ID}`);
    expect(
      await screen.findByText(
        'This application was not approved, so it opened no account: there is no closure to record.',
      ),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: "Record the account's closure" }),
    ).not.toBeInTheDocument();
  });
});
