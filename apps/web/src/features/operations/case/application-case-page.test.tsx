import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_ID,
  applicationCase,
  fakeOpsApi,
  myClaim,
  ok,
  renderConsole,
} from '../operations-test-kit.tsx';

const CASE = `/ops/applications/${APPLICATION_ID}`;
const PATH = `/operations/applications/${APPLICATION_ID}`;
const claimed = applicationCase({ claim: myClaim });

/** The case's page, once the case has loaded. */
async function openCase() {
  const rendered = await renderConsole(PATH);
  await screen.findByRole('heading', { level: 1, name: 'Application of Camille Tremblay' });
  return rendered;
}

describe('an application case', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the answers, the audit trail and the masked SIN, with decisions off until claimed', async () => {
    fakeOpsApi();
    await openCase();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Application of Camille Tremblay' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'About you' })).toBeVisible();
    expect(screen.getByText('Camille')).toBeVisible();
    const audit = screen.getByRole('table', {
      name: 'Every event of the application, oldest first',
    });
    // Events and statuses in words; an event the catalogue does not name yet shows its code.
    expect(audit).toHaveTextContent(
      'Signed by the applicantCamille Tremblay (client)eSignature required → Application is under review',
    );
    expect(audit).toHaveTextContent('SIN revealedPriya Patel (staff)');
    expect(audit).toHaveTextContent('someFutureEvent');
    expect(audit).toHaveTextContent('Application is under review → Approved');
    expect(screen.getByText('***-***-789')).toBeVisible();
    expect(
      screen.getByRole('button', { name: "Reveal the primary applicant's SIN" }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByText('No one is working on this item.')).toBeVisible();
  });

  it('links each identity attempt our team decides to its own case, and no other', async () => {
    const attempt = (id: string, method: string, outcome: string) => ({
      id,
      method,
      outcome,
      reason: null,
      startedAt: '2026-02-24T15:00:00Z',
      completedAt: null,
      documentIds: [],
    });
    fakeOpsApi({
      [`GET ${CASE}`]: [
        ok(
          applicationCase({
            identity: [
              {
                role: 'primary',
                state: 'needsReview',
                method: 'photoId',
                verifiedAt: null,
                attempts: [
                  attempt('attempt-photo', 'photoId', 'needsReview'),
                  attempt('attempt-credit', 'creditFile', 'failed'),
                ],
              },
            ],
          }),
        ),
      ],
    });
    await openCase();
    const attempts = screen.getByRole('table', { name: /^Identity of the primary applicant/i });
    const links = within(attempts).getAllByRole('link', { name: /^Open the identity case/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/operations/identity/attempt-photo');
    expect(links[0]).toHaveTextContent('needsReview');
    expect(within(attempts).getByText('failed')).toBeVisible();
  });

  it('says who holds the application when a claim is refused', async () => {
    const user = userEvent.setup();
    const api = fakeOpsApi({
      'POST /ops/claims': [
        ok(
          {
            errorCode: 'claimedByOther',
            message: 'Someone else is working on this item.',
            holder: { staffName: 'Théo Bouchard', expiresAt: '2026-03-04T15:00:00Z' },
          },
          409,
        ),
      ],
    });
    await openCase();
    await user.click(screen.getByRole('button', { name: 'Claim Camille Tremblay' }));
    expect(
      await screen.findByText(/^Théo Bouchard is working on this item until .*2026/),
    ).toBeVisible();
    expect(api.sent('POST', '/ops/claims')[0]!.body).toEqual({
      kind: 'application',
      id: APPLICATION_ID,
    });
  });

  it('reveals a SIN only with a reason, counts down 60 seconds, then hides it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = fakeOpsApi({
      [`GET ${CASE}`]: [ok(claimed)],
      [`POST ${CASE}/reveal`]: [ok({ field: 'primary.sin', value: '046 454 286', seconds: 60 })],
    });
    await openCase();
    const reveal = screen.getByRole('button', { name: "Reveal the primary applicant's SIN" });
    await user.click(reveal);
    const dialog = await screen.findByRole('dialog', {
      name: "Reveal the primary applicant's SIN",
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Reveal the number' }));
    expect(within(dialog).getByText('Write at least 5 characters.')).toBeVisible();
    expect(api.sent('POST', `${CASE}/reveal`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), ' checking the name');
    await user.click(within(dialog).getByRole('button', { name: 'Reveal the number' }));
    expect(await screen.findByText('046 454 286')).toBeVisible();
    expect(api.sent('POST', `${CASE}/reveal`)[0]!.body).toEqual({
      field: 'primary.sin',
      reason: 'abc checking the name',
    });
    expect(screen.getByText('Hidden again in 60 seconds')).toBeVisible();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Hide' })).toHaveFocus());

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Hidden again in 30 seconds')).toBeVisible();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.queryByText('046 454 286')).toBeNull();
    expect(screen.getByText('***-***-789')).toBeVisible();
  });

  it('records a PEP first approval and says it awaits a second approval by someone else', async () => {
    const user = userEvent.setup();
    const pepCase = applicationCase({ pep: true, claim: myClaim });
    const api = fakeOpsApi({
      [`GET ${CASE}`]: [
        ok(pepCase),
        ok({
          ...pepCase,
          version: 8,
          claim: null,
          firstApproval: {
            staffId: 'staff-1',
            staffName: 'Maude Gagnon',
            at: '2026-03-04T14:10:00Z',
          },
        }),
      ],
      [`POST ${CASE}/approve`]: [
        ok({ status: 'underReview', version: 8, outcome: 'awaitingSecondApproval', accounts: [] }),
      ],
    });
    await openCase();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this application' });
    expect(dialog).toHaveTextContent('a second staff member must confirm it');
    await user.type(within(dialog).getByLabelText('Reason'), 'Documents in order');
    await user.click(within(dialog).getByRole('button', { name: 'Approve the application' }));

    expect(
      await screen.findByText(
        'Your approval is recorded. Awaiting second approval by someone else.',
      ),
    ).toBeVisible();
    expect(
      await screen.findByText(
        /^Awaiting second approval by someone else: Maude Gagnon approved first on/,
      ),
    ).toBeVisible();
    expect(api.sent('POST', `${CASE}/approve`)[0]!.body).toEqual({
      version: 7,
      reason: 'Documents in order',
    });
    // Until someone else claims it, nothing more to do here.
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('declines with the category the client is told and the internal reason', async () => {
    const user = userEvent.setup();
    const api = fakeOpsApi({
      [`GET ${CASE}`]: [ok(claimed)],
      [`POST ${CASE}/decline`]: [
        ok({ status: 'declined', version: 8, outcome: 'declined', accounts: [] }),
      ],
    });
    await openCase();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this application' });
    await user.type(
      within(dialog).getByLabelText(
        'Internal reason: it stays in the audit trail and is never shown to the client.',
      ),
      'Identity documents do not match',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline the application' }));
    expect(within(dialog).getByText('Choose an answer.')).toBeVisible();

    await user.selectOptions(
      within(dialog).getByLabelText('What the client is told'),
      'We could not verify your identity.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline the application' }));
    expect(
      await screen.findByText('The application is declined; the client is told the category.'),
    ).toBeVisible();
    expect(api.sent('POST', `${CASE}/decline`)[0]!.body).toEqual({
      version: 7,
      category: 'identityNotVerified',
      reason: 'Identity documents do not match',
    });
    // The actions are gone once decided: the focus goes to what happened.
    await vi.waitFor(() =>
      expect(
        screen
          .getByText('The application is declined; the client is told the category.')
          .closest('div'),
      ).toHaveFocus(),
    );
  });

  it('says a stale version changed and offers to reload', async () => {
    const user = userEvent.setup();
    const api = fakeOpsApi({
      [`GET ${CASE}`]: [ok(claimed)],
      [`POST ${CASE}/requestInformation`]: [
        ok({ errorCode: 'staleVersion', message: 'Changed.' }, 409),
      ],
    });
    await openCase();
    await user.click(screen.getByRole('button', { name: 'Request information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request information' });
    await user.type(
      within(dialog).getByLabelText('Message to the client'),
      'Please send a void cheque.',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Void cheque' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Bank account to confirm');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(
      await screen.findByText(
        'This application changed since you opened it. Reload it, then decide again.',
      ),
    ).toBeVisible();
    expect(api.sent('POST', `${CASE}/requestInformation`)[0]!.body).toEqual({
      version: 7,
      reason: 'Bank account to confirm',
      message: 'Please send a void cheque.',
      documentTypes: ['voidCheque'],
    });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(api.sent('GET', CASE)).toHaveLength(2));
  });

  it('opens a document under the claim, with the reason, from a blob URL revoked when closed', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:document');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const withCheque = (claim: typeof myClaim | null) =>
      applicationCase({
        claim,
        documents: [
          {
            id: 'doc-1',
            documentType: 'voidCheque',
            fileName: 'cheque.pdf',
            contentType: 'application/pdf',
            size: 1000,
            uploadedAt: '2026-02-25T15:00:00Z',
            uploadedBy: 'primary',
            account: 'tfsa',
          },
          {
            id: 'doc-2',
            documentType: 'other',
            fileName: 'letter.pdf',
            contentType: 'application/pdf',
            size: 500,
            uploadedAt: '2026-02-25T15:05:00Z',
            uploadedBy: 'staff',
            account: null,
          },
        ],
      });
    const api = fakeOpsApi({
      [`GET ${CASE}`]: [ok(withCheque(null)), ok(withCheque(myClaim))],
      'POST /ops/claims': [ok(myClaim)],
      'POST /ops/documents/doc-1/view': [ok('%PDF-1.7')],
    });
    await openCase();
    // Each document says which account it is for (C-12), or that it is for the whole application.
    const documents = screen.getByRole('table', { name: 'Documents sent' });
    const rows = within(documents).getAllByRole('row');
    expect(within(rows[1]!).getByRole('cell', { name: 'TFSA' })).toBeVisible();
    expect(within(rows[2]!).getByRole('cell', { name: 'Whole application' })).toBeVisible();
    // Not claimed: the file is named, not opened (need-to-know).
    expect(screen.queryByRole('button', { name: 'View cheque.pdf' })).toBeNull();
    expect(screen.getByText('Claim this application to open its documents.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Claim/ }));

    await user.click(await screen.findByRole('button', { name: 'View cheque.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open cheque.pdf' });
    await user.click(within(dialog).getByRole('button', { name: 'Open the document' }));
    expect(within(dialog).getByText('Write at least 5 characters.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Reason'), 'Bank account to confirm');
    await user.click(within(dialog).getByRole('button', { name: 'Open the document' }));
    const frame = await screen.findByTitle('Document: cheque.pdf');
    expect(frame).toHaveAttribute('src', 'blob:document');
    expect(api.sent('POST', '/ops/documents/doc-1/view')[0]!.body).toEqual({
      kind: 'application',
      itemId: APPLICATION_ID,
      reason: 'Bank account to confirm',
    });
    expect(screen.getByRole('button', { name: 'Close the document' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close the document' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:document');
    expect(screen.queryByTitle('Document: cheque.pdf')).toBeNull();

    // Opened again: the reason given for this application is offered again.
    await user.click(screen.getByRole('button', { name: 'View cheque.pdf' }));
    const again = await screen.findByRole('dialog', { name: 'Open cheque.pdf' });
    expect(within(again).getByLabelText('Reason')).toHaveValue('Bank account to confirm');
  });

  it('links to the retention page of this application, which opens on its retention', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeOpsApi({
      [`GET /ops/retention/${APPLICATION_ID}`]: [
        ok({
          applicationId: APPLICATION_ID,
          status: 'underReview',
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
        }),
      ],
    });
    await openCase();
    const link = screen.getByRole('link', { name: 'Retention and legal hold of this application' });
    expect(link).toHaveAttribute('href', `/operations/retention/${APPLICATION_ID}`);
    await user.click(link);
    // Once loaded (the loading state shows the same heading, then the page renders anew).
    expect(await screen.findByText(APPLICATION_ID)).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Retention of an application' }),
    ).toBeVisible();
    expect(api.sent('GET', `/ops/retention/${APPLICATION_ID}`)).toHaveLength(1);
  });
});
