import type { RetentionStateView } from '@portal/domain/retention/retention-rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
const held: RetentionStateView = {
  ...open,
  accountClosedAt: '2026-01-15T17:00:00Z',
  legalHold: true,
  legalHoldReason: 'Litigation matter 2026-14',
  legalHoldSince: '2026-11-20T15:00:00Z',
};
const PATH = `/ops/retention/${APPLICATION_ID}`;

describe('the legal hold in the operations console', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens an application by its id, refusing what is not one', async () => {
    const user = userEvent.setup({ delay: null });
    fakeOpsApi({ [`GET ${PATH}`]: [ok(open)] });
    await renderConsole('/operations/retention');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Enter an application id like the example.')).toBeVisible();
    await user.type(screen.getByLabelText('Application id'), APPLICATION_ID);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Open (or never opened): nothing is deleted')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Retention of an application' }),
    ).toBeVisible();
  });

  it('puts an application under a legal hold with a reason', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeOpsApi({
      [`GET ${PATH}`]: [ok(open), ok(held)],
      [`PUT ${PATH}/legalHold`]: [ok(held)],
    });
    await renderConsole(`/operations/retention/${APPLICATION_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Put under legal hold' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Litigation matter 2026-14');
    await user.click(within(dialog).getByRole('button', { name: 'Put under legal hold' }));
    expect(await screen.findByText('The application is under a legal hold.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Lift the legal hold' })).toBeVisible();
    expect(api.sent('PUT', `${PATH}/legalHold`)[0]!.body).toEqual({
      reason: 'Litigation matter 2026-14',
    });
  });

  it('lifts a hold in French, and says why a refused one failed', async () => {
    const user = userEvent.setup({ delay: null });
    fakeOpsApi({
      [`GET ${PATH}`]: [ok(held)],
      [`POST ${PATH}/legalHold/lift`]: [{ status: 409, body: { errorCode: 'notDecidable' } }],
    });
    await renderConsole(`/operations/retention/${APPLICATION_ID}`, 'fr');
    expect(await screen.findByText('Litigation matter 2026-14')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Lever le blocage juridique' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Motif'), 'Dossier réglé');
    await user.click(within(dialog).getByRole('button', { name: 'Lever le blocage juridique' }));
    expect(
      await screen.findByText(
        'Cet élément ne peut pas recevoir cette action dans son état actuel.',
      ),
    ).toBeVisible();
  });
});
