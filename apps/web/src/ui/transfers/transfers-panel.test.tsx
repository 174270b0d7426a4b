import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransfersPanel } from './transfers-panel.tsx';
import {
  APPLICATION_ID,
  coAccount,
  fakeApi,
  fillPartialTransfer,
  ok,
  renderScreen,
  transfer,
  user,
} from './transfers-test-kit.tsx';
import { expectFocusMovesTo } from '../../test/focus.ts';

const POLL_MS = 20;
const unsigned = transfer();
const signed = transfer({
  status: 52,
  esignStatus: 'SIGNED',
  expected: { earliest: '2026-03-18', latest: '2026-03-18' },
  signedOn: '2026-03-04',
});
const coAccounts = `GET /coapplications/${APPLICATION_ID}/coaccounts`;
const esign = `GET /transferAccounts/${unsigned.id}/esign`;
const cancel = `DELETE /transferAccounts/cancel/${unsigned.id}`;
const esignAnswer = (esignStatus: string, esignUrl: string | null = null) =>
  ok({ transferAccountId: unsigned.id, esignUrl, esignStatus });

async function renderPanel(
  language: 'en' | 'fr' = 'en',
  props: { signingTransferId?: string } = {},
) {
  return renderScreen(
    <TransfersPanel applicationId={APPLICATION_ID} pollIntervalMs={POLL_MS} {...props} />,
    language,
  );
}

describe('transfers panel', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists an unsigned transfer as not processed, with Sign and Cancel', async () => {
    fakeApi({ [coAccounts]: [ok([coAccount({ transfers: [unsigned] })])] });
    await renderPanel();
    const item = (await screen.findByRole('heading', { name: 'Questrade •••••789 to TFSA' }))
      .parentElement!;
    expect(within(item).getByText('Not signed: not processed')).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Sign' })).toHaveAccessibleDescription(
      'Questrade •••••789 to TFSA',
    );
    expect(within(item).getByRole('button', { name: 'Cancel this transfer' })).toBeVisible();
  });

  it('shows a signed transfer’s status and the day it is expected, in French too', async () => {
    fakeApi({ [coAccounts]: [ok([coAccount({ transfers: [signed] })])] });
    await renderPanel('fr');
    const item = (await screen.findByRole('heading', { name: 'Questrade •••••789 vers CELI' }))
      .parentElement!;
    expect(within(item).getByText('Soumis')).toBeVisible();
    expect(within(item).getByText("d'ici le mercredi 18 mars 2026")).toBeVisible();
    expect(within(item).queryByRole('button', { name: 'Signer' })).not.toBeInTheDocument();
  });

  it('cancels only after the confirmation, and says so', async () => {
    const api = fakeApi({
      [coAccounts]: [
        ok([coAccount({ transfers: [unsigned] })]),
        ok([coAccount({ transfers: [{ ...unsigned, status: 'CANCELLED', cancellable: false }] })]),
      ],
      [cancel]: [ok({ transfer: { ...unsigned, status: 'CANCELLED' } })],
    });
    await renderPanel();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Cancel this transfer' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel this transfer?' });
    expect(dialog).toHaveTextContent('from Questrade will be withdrawn');
    await u.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.sent('DELETE', `/transferAccounts/cancel/${unsigned.id}`)).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Cancel this transfer' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel this transfer?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel the transfer' }));
    await expectFocusMovesTo(
      (await screen.findByText('The transfer from Questrade is cancelled.')).parentElement,
    );
    expect(api.sent('DELETE', `/transferAccounts/cancel/${unsigned.id}`)).toHaveLength(1);
    expect(await screen.findByText('Cancelled')).toBeVisible();
  });

  it('says a transfer the other institution already has can no longer be cancelled (409)', async () => {
    fakeApi({
      [coAccounts]: [ok([coAccount({ transfers: [signed] })])],
      [`DELETE /transferAccounts/cancel/${signed.id}`]: [ok({ errorCode: 'notCancellable' }, 409)],
    });
    await renderPanel('fr');
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Annuler ce transfert' }));
    await u.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler le transfert' }),
    );
    expect(
      await screen.findByText(/Ce transfert ne peut plus être annulé\s: l'autre institution/),
    ).toBeVisible();
  });

  it('a request made here goes on to its sign step, which takes the focus', async () => {
    fakeApi({
      [coAccounts]: [ok([coAccount()]), ok([coAccount({ transfers: [unsigned] })])],
      'GET /references/deliveringInstitutions': [
        ok([{ id: 'questrade', description: 'Questrade' }]),
      ],
      'PUT /transferAccounts': [
        ok({
          transferAccountId: unsigned.id,
          esignUrl: '/sandbox/esign/e1',
          esignStatus: 'UNSIGNED',
        }),
      ],
      [esign]: [esignAnswer('UNSIGNED')],
    });
    await renderPanel();
    const u = user();
    expect(await screen.findByText(/refund the other institution’s transfer fees/)).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Request a transfer' }));
    await fillPartialTransfer(u);
    await u.click(screen.getByRole('button', { name: 'Check and continue to signing' }));
    await expectFocusMovesTo(
      screen.findByRole('heading', { name: 'Sign the transfer authorization' }),
    );
    expect(screen.getByText('Not signed: not processed')).toBeVisible();
  });

  it('Sign opens the ceremony in this tab, at the address the server gives', async () => {
    fakeApi({
      [coAccounts]: [ok([coAccount({ transfers: [unsigned] })])],
      [esign]: [esignAnswer('UNSIGNED', '/sandbox/esign/envelope-1')],
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: 'http://localhost',
      assign,
    });
    await renderPanel();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(screen.getByRole('heading', { name: 'Sign the transfer authorization' })).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Sign the authorization' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/esign/envelope-1'),
    );
  });

  it('back from the ceremony, polls the signature until it is signed, then shows the status', async () => {
    const api = fakeApi({
      [coAccounts]: [
        ok([coAccount({ transfers: [unsigned] })]),
        ok([coAccount({ transfers: [signed] })]),
      ],
      [esign]: [esignAnswer('UNSIGNED'), esignAnswer('UNSIGNED'), esignAnswer('SIGNED')],
    });
    await renderPanel('en', { signingTransferId: unsigned.id });
    expect(
      await screen.findByRole('heading', { name: 'Sign the transfer authorization' }),
    ).toBeVisible();
    await expectFocusMovesTo(
      (await screen.findByText(/your transfer authorization is signed/)).parentElement,
    );
    expect(await screen.findByText('Submitted')).toBeVisible();
    const checks = api.sent('GET', `/transferAccounts/${unsigned.id}/esign`);
    expect(checks.length).toBeGreaterThanOrEqual(3);
    expect(checks.every((call) => call.search.get('status') === 'check')).toBe(true);
  });

  it('“I have signed” asks the vendor now, and says when no signature is there yet', async () => {
    const api = fakeApi({
      [coAccounts]: [ok([coAccount({ transfers: [unsigned] })])],
      [esign]: [esignAnswer('UNSIGNED')],
    });
    await renderScreen(
      <TransfersPanel
        applicationId={APPLICATION_ID}
        pollIntervalMs={60_000}
        signingTransferId={unsigned.id}
      />,
    );
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'I have signed' }));
    expect(await screen.findByText(/We have no signature yet/)).toBeVisible();
    const forced = api
      .sent('GET', `/transferAccounts/${unsigned.id}/esign`)
      .filter((call) => call.search.get('status') === 'force');
    expect(forced).toHaveLength(1);
  });
});
