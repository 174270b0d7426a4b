import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  FundingQueueItem,
  IdentityQueueItem,
  KeptVendorEvent,
  PepFormQueueItem,
} from '../../lib/operations-api.ts';
import {
  APPLICATION_ID,
  fakeOpsApi,
  myClaim,
  ok,
  page,
  renderConsole,
} from './operations-test-kit.tsx';

const attempt = (changes: Partial<IdentityQueueItem> = {}): IdentityQueueItem => ({
  attemptId: 'attempt-1',
  applicationId: APPLICATION_ID,
  role: 'primary',
  personName: 'Camille Tremblay',
  method: 'dualProcess',
  submittedAt: '2026-03-03T15:00:00Z',
  documentIds: ['doc-1', 'doc-2'],
  claim: null,
  ...changes,
});

const rejectedEft = (changes: Partial<FundingQueueItem> = {}): FundingQueueItem => ({
  kind: 'funding',
  id: 'funding-1',
  applicationId: APPLICATION_ID,
  clientName: 'Camille Tremblay',
  status: 33,
  why: 'rejected',
  amountCents: 123_456,
  currency: 'CAD',
  since: '2026-03-03T15:00:00Z',
  documentIds: [],
  claim: null,
  ...changes,
});

describe('the identity queue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('verifies an identity once claimed, with a reason', async () => {
    const user = userEvent.setup();
    const api = fakeOpsApi({
      'GET /ops/identity': [
        ok(page([attempt()])),
        ok(page([attempt({ claim: { ...myClaim, kind: 'identity', id: 'attempt-1' } })])),
      ],
      'POST /ops/claims': [ok({ ...myClaim, kind: 'identity', id: 'attempt-1' })],
      'POST /ops/identity/attempt-1/verify': [ok({ state: 'verified' })],
    });
    await renderConsole('/operations/identity');
    const table = await screen.findByRole('table', { name: 'Identity verifications waiting' });
    // Documents open only under the claim (need-to-know).
    expect(within(table).queryByRole('button', { name: 'View Camille Tremblay 1' })).toBeNull();
    expect(within(table).getByText('2 documents: claim this item to open them.')).toBeVisible();
    expect(
      within(table).queryByRole('button', { name: 'Verify the identity of Camille Tremblay' }),
    ).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Claim Camille Tremblay' }));
    expect(await screen.findByText('You now hold Camille Tremblay.')).toBeVisible();
    const verify = await screen.findByRole('button', {
      name: 'Verify the identity of Camille Tremblay',
    });
    // Claimed: its documents open from within it (the queue's table is drawn again).
    expect(screen.getByRole('button', { name: 'View Camille Tremblay 1' })).toBeVisible();
    await user.click(verify);
    const dialog = await screen.findByRole('dialog', {
      name: 'Verify the identity of Camille Tremblay',
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'Both documents match');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The identity of Camille Tremblay is verified.')).toBeVisible();
    expect(api.sent('POST', '/ops/identity/attempt-1/verify')[0]!.body).toEqual({
      reason: 'Both documents match',
    });
  });
});

describe('the identity queue: a manual case, approved as the dual-process method', () => {
  afterEach(() => vi.restoreAllMocks());

  const claimed = attempt({
    method: 'manual',
    documentIds: ['doc-1'],
    claim: { ...myClaim, kind: 'identity', id: 'attempt-1' },
  });
  const openVerify = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.click(await screen.findByRole('button', { name }));
    return screen.findByRole('dialog', { name });
  };

  it('asks for the two documents relied on, refuses one photo ID alone, and sends the record', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeOpsApi({
      'GET /ops/identity': [ok(page([claimed]))],
      'POST /ops/identity/attempt-1/verify': [ok({ state: 'verified' })],
    });
    await renderConsole('/operations/identity');
    const dialog = await openVerify(user, 'Verify the identity of Camille Tremblay');
    expect(within(dialog).getByText(/the uploaded ID alone is not enough/)).toBeVisible();

    // Only the photo ID described: the second document is missing, said at its fields.
    const first = within(dialog).getByRole('group', { name: 'Document 1' });
    await user.selectOptions(within(first).getByLabelText('Type of document'), 'photoID');
    await user.type(within(first).getByLabelText(/Source/), 'SAAQ');
    await user.click(within(first).getByRole('radio', { name: 'Name and date of birth' }));
    await user.type(within(first).getByLabelText('Reference or account number'), 'T1234-5678');
    await user.type(within(dialog).getByLabelText('Reason'), 'Licence and credit file match');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const second = within(dialog).getByRole('group', { name: 'Document 2' });
    // The dialog moves the focus on the next frame, once the errors are drawn.
    await waitFor(() => expect(within(second).getByLabelText('Type of document')).toHaveFocus());
    expect(within(second).getAllByText('Required.')).toHaveLength(4);
    expect(api.sent('POST', '/ops/identity/attempt-1/verify')).toHaveLength(0);

    // The same kind of information twice is refused by the domain's rule.
    await user.selectOptions(within(second).getByLabelText('Type of document'), 'other');
    await user.type(within(second).getByLabelText(/Source/), 'Equifax Canada');
    await user.click(within(second).getByRole('radio', { name: 'Name and date of birth' }));
    await user.type(within(second).getByLabelText('Reference or account number'), 'EQ-5566');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(
      within(second).getByText('The two documents must confirm different information.'),
    ).toBeVisible();

    await user.click(within(second).getByRole('radio', { name: 'Name and address' }));
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The identity of Camille Tremblay is verified.')).toBeVisible();
    expect(api.sent('POST', '/ops/identity/attempt-1/verify')[0]!.body).toEqual({
      reason: 'Licence and credit file match',
      sources: [
        {
          documentType: 'photoID',
          sourceName: 'SAAQ',
          category: 'nameDateOfBirth',
          referenceNumber: 'T1234-5678',
        },
        {
          documentType: 'other',
          sourceName: 'Equifax Canada',
          category: 'nameAddress',
          referenceNumber: 'EQ-5566',
        },
      ],
    });
  });

  it('keeps what was typed and shows the server’s verdict at the field, in French', async () => {
    const user = userEvent.setup({ delay: null });
    fakeOpsApi({
      'GET /ops/identity': [ok(page([claimed]))],
      'POST /ops/identity/attempt-1/verify': [
        ok(
          {
            errorCode: 'invalid',
            message: 'Non valide.',
            fields: { 'sources.1.sourceName': 'sourceIsApplicant' },
          },
          400,
        ),
      ],
    });
    await renderConsole('/operations/identity', 'fr');
    const dialog = await openVerify(user, "Vérifier l'identité de Camille Tremblay");
    expect(within(dialog).getByText(/la pièce téléversée ne suffit donc pas/)).toBeVisible();
    const fill = async (number: number, type: string, source: string, category: string) => {
      const group = within(dialog).getByRole('group', { name: `Document ${number}` });
      await user.selectOptions(within(group).getByLabelText('Type de document'), type);
      await user.type(within(group).getByLabelText(/Source/), source);
      await user.click(within(group).getByRole('radio', { name: category }));
      await user.type(within(group).getByLabelText('Numéro de référence ou de compte'), 'R-1');
      return group;
    };
    await fill(1, 'photoID', 'SAAQ', 'Nom et date de naissance');
    const second = await fill(2, 'utilityBill', 'Gestion C. Tremblay', 'Nom et adresse');
    await user.type(within(dialog).getByLabelText('Motif'), 'Permis et facture concordent');
    await user.click(within(dialog).getByRole('button', { name: 'Vérifier' }));
    expect(
      await within(second).findByText(
        'Le client ne peut pas être la source de sa propre vérification.',
      ),
    ).toBeVisible();
    // The focus moves to the field once its message shows: awaited, as a busy machine may
    // paint the message a turn before the focus follows.
    await waitFor(() => expect(within(second).getByLabelText(/Source/)).toHaveFocus());
    expect(within(second).getByLabelText(/Source/)).toHaveValue('Gestion C. Tremblay');
    expect(within(dialog).getByLabelText('Motif')).toHaveValue('Permis et facture concordent');
  });
});

describe('the funding and transfers queue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says so when a job is moving the request right now', async () => {
    const user = userEvent.setup();
    const claim = { ...myClaim, kind: 'funding' as const, id: 'funding-1' };
    const api = fakeOpsApi({
      'GET /ops/funding': [ok(page([rejectedEft({ claim })]))],
      'POST /ops/funding/funding-1/retry': [
        ok({ errorCode: 'movingNow', message: 'Moving.' }, 409),
      ],
    });
    await renderConsole('/operations/funding', 'fr');
    const table = await screen.findByRole('table', {
      name: "Demandes d'approvisionnement et transferts en attente",
    });
    expect(table).toHaveTextContent(/1\s234,56\s\$/);
    await user.click(
      within(table).getByRole('button', { name: 'Réessayer\u00a0: Camille Tremblay' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Motif'), 'La banque a corrigé le compte');
    await user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    expect(
      await screen.findByText(
        'Un traitement déplace cette demande en ce moment. Réessayez dans une minute.',
      ),
    ).toBeVisible();
    expect(api.sent('POST', '/ops/funding/funding-1/retry')).toHaveLength(1);
  });

  it('opens the void cheque from within the claimed request, with a reason; a refusal is said', async () => {
    const user = userEvent.setup({ delay: null });
    const claim = { ...myClaim, kind: 'funding' as const, id: 'funding-1' };
    const api = fakeOpsApi({
      'GET /ops/funding': [ok(page([rejectedEft({ claim, documentIds: ['cheque-1'] })]))],
      'POST /ops/documents/cheque-1/view': [
        ok({ errorCode: 'claimRequired', message: 'Claim it.' }, 409),
      ],
    });
    await renderConsole('/operations/funding');
    await user.click(
      await screen.findByRole('button', { name: 'View the void cheque of Camille Tremblay' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Open the void cheque of Camille Tremblay',
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'Bank says the account is closed');
    await user.click(within(dialog).getByRole('button', { name: 'Open the document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not open this document. Claim this item before acting on it.',
    );
    expect(api.sent('POST', '/ops/documents/cheque-1/view')[0]!.body).toEqual({
      kind: 'funding',
      itemId: 'funding-1',
      reason: 'Bank says the account is closed',
    });
  });
});

describe('the PEP/HIO forms due', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the forms soonest first and flags the restricted ones', async () => {
    const form = (changes: Partial<PepFormQueueItem>): PepFormQueueItem => ({
      applicationId: APPLICATION_ID,
      applicantNames: ['Camille Tremblay'],
      submittedOn: '2026-02-02',
      dueOn: '2026-02-23',
      receivedAt: null,
      remindersSent: 2,
      restricted: true,
      ...changes,
    });
    fakeOpsApi({
      'GET /ops/pepForms': [
        ok(
          page([
            form({}),
            form({
              applicationId: 'aaaaaaaa-0000-4000-8000-000000000002',
              applicantNames: ['Jordan Lee'],
              dueOn: '2026-03-20',
              restricted: false,
              remindersSent: 0,
            }),
          ]),
        ),
      ],
    });
    await renderConsole('/operations/pep-forms');
    const table = await screen.findByRole('table', { name: 'PEP/HIO forms due, soonest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Restricted')).toBeVisible();
    expect(second).toHaveTextContent('Waiting');
    expect(within(second!).getByRole('link', { name: 'Jordan Lee' })).toHaveAttribute(
      'href',
      '/operations/applications/aaaaaaaa-0000-4000-8000-000000000002',
    );
  });
});

describe('the vendor events kept for staff (issue 30)', () => {
  afterEach(() => vi.restoreAllMocks());

  const kept: KeptVendorEvent = {
    role: 'identity',
    eventId: 'evt-7',
    eventType: 'verification.decided',
    problem: 'unknownReference',
    receivedAt: '2026-03-04T14:00:00Z',
    event: '{"id":"evt-7","data":{"vendorReference":"r-9"}}',
  };

  it('shows what the vendor sent and takes an event off the queue once marked dealt with', async () => {
    const api = fakeOpsApi({
      'GET /ops/vendorEvents': [ok(page([kept])), ok(page([]))],
      'POST /ops/vendorEvents/identity/evt-7/resolve': [ok({ resolvedAt: '2026-03-04T15:00:00Z' })],
    });
    await renderConsole('/operations/vendor-events');
    const table = await screen.findByRole('table', {
      name: 'Vendor events kept for staff, oldest first',
    });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Photo-ID verification');
    expect(row).toHaveTextContent('Names nothing the portal knows');
    await userEvent.click(within(row!).getByText('Show event evt-7'));
    expect(within(row!).getByText(kept.event)).toBeVisible();
    await userEvent.click(
      within(row!).getByRole('button', { name: 'Mark as dealt with: event evt-7' }),
    );
    expect(await screen.findByText('Event evt-7 is marked as dealt with.')).toBeVisible();
    expect(await screen.findByText('No vendor event is waiting.')).toBeVisible();
    expect(api.sent('POST', '/ops/vendorEvents/identity/evt-7/resolve')).toHaveLength(1);
  });

  it('speaks French', async () => {
    fakeOpsApi({ 'GET /ops/vendorEvents': [ok(page([{ ...kept, problem: 'unusable' }]))] });
    await renderConsole('/operations/vendor-events', 'fr');
    const table = await screen.findByRole('table', {
      name: "Événements de fournisseurs à traiter, le plus ancien d'abord",
    });
    expect(table).toHaveTextContent('Contenu non conforme au contrat');
    expect(
      within(table).getByRole('button', { name: 'Indiquer comme traité\u00a0: événement evt-7' }),
    ).toBeEnabled();
  });
});
