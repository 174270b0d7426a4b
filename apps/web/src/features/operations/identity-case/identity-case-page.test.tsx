import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IdentityCase, IdentityQueueItem } from '../../../lib/operations-api.ts';
import {
  APPLICATION_ID,
  fakeOpsApi,
  myClaim,
  ok,
  page,
  renderConsole,
} from '../operations-test-kit.tsx';

const ATTEMPT = 'attempt-7';
const CASE_PATH = `/ops/identity/${ATTEMPT}`;
const claimed = { ...myClaim, kind: 'identity' as const, id: ATTEMPT };

const queueItem: IdentityQueueItem = {
  attemptId: ATTEMPT,
  applicationId: APPLICATION_ID,
  role: 'primary',
  personName: 'Camille Tremblay',
  method: 'photoId',
  submittedAt: '2026-03-03T15:00:00Z',
  documentIds: [],
  claim: null,
};

/** A photo ID Onfido suspects: its picture may have been edited. */
const photoIdCase = (
  changes: Partial<IdentityCase> = {},
  check: Partial<NonNullable<IdentityCase['photoIdCheck']>> = {},
): IdentityCase => ({
  ...queueItem,
  outcome: 'needsReview',
  decidable: true,
  photoIdCheck: {
    vendor: 'onfido',
    checkId: '5b1e3a52-8c7e-4d3f-9a61-2f0c6d7e8b90',
    reports: [
      {
        kind: 'document',
        result: 'consider',
        subResult: 'suspected',
        concerns: [
          { area: 'visualAuthenticity', item: null, result: 'consider' },
          { area: 'visualAuthenticity', item: 'digitalTampering', result: 'consider' },
          { area: 'newVendorArea', item: null, result: 'unknown' },
        ],
      },
      { kind: 'facialSimilarity', result: 'clear', subResult: null, concerns: [] },
    ],
    document: {
      documentType: 'driversLicence',
      jurisdiction: 'QC',
      country: 'CA',
      expiryDate: '2031-06-30',
      expired: false,
      name: 'Camille Tremblay',
      dateOfBirth: '1988-04-12',
      numberMasked: '************-12',
    },
    ...check,
  },
  ...changes,
});

describe('photo-ID reviews in the console (issue 34)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists a photo ID the service left to us, with its method and a link to its case', async () => {
    fakeOpsApi({ 'GET /ops/identity': [ok(page([queueItem]))] });
    await renderConsole('/operations/identity');
    const table = await screen.findByRole('table', { name: 'Identity verifications waiting' });
    const row = within(table).getByRole('row', { name: /Camille Tremblay/ });
    expect(within(row).getByText("Photo ID (service's review)")).toBeVisible();
    expect(
      within(row).getByText('Checked by the verification service: see its findings in the case.'),
    ).toBeVisible();
    expect(
      within(row).getByRole('link', { name: 'Review the check of Camille Tremblay' }),
    ).toHaveAttribute('href', `/operations/identity/${ATTEMPT}`);
  });

  it('shows what the service found in plain words and the document read, its number masked', async () => {
    fakeOpsApi({ [`GET ${CASE_PATH}`]: [ok(photoIdCase())] });
    await renderConsole(`/operations/identity/${ATTEMPT}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identity check of Camille Tremblay' }),
    ).toBeVisible();
    expect(screen.getByText("Photo ID (service's review)")).toBeVisible();
    expect(screen.getByText('Waiting for a decision')).toBeVisible();

    const reports = screen.getByRole('table', { name: 'Reports of the check' });
    const document = within(reports).getByRole('row', { name: /^The document/ });
    expect(document).toHaveTextContent(
      'To look at, suspected: signs that the document may be forged or altered',
    );
    expect(within(document).getByText('Looks like a genuine document (To look at)')).toBeVisible();
    expect(
      within(document).getByText(
        'Looks like a genuine document: signs of digital editing (To look at)',
      ),
    ).toBeVisible();
    // A part the console has no words for yet is shown by the service's name, not hidden.
    expect(within(document).getByText('newVendorArea (Could not say)')).toBeVisible();
    const face = within(reports).getByRole('row', { name: /selfie/ });
    expect(face).toHaveTextContent('Clear');
    expect(face).toHaveTextContent('Nothing flagged');
    expect(screen.getByText('5b1e3a52-8c7e-4d3f-9a61-2f0c6d7e8b90')).toBeVisible();
    expect(screen.getByText(/The pictures stay with the verification service/)).toBeVisible();

    expect(screen.getByText('************-12')).toBeVisible();
    expect(screen.getByText('Quebec, Canada')).toBeVisible();
    expect(screen.getByText("Driver's licence")).toBeVisible();
    // Without the claim: nothing to reveal or decide.
    expect(screen.getByRole('button', { name: 'Reveal the document number' })).toBeDisabled();
    expect(screen.getByText('Claim this check to decide it.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Approve the identity/ })).toBeNull();
  });

  it('reveals the number with a reason, then approves with a reason once claimed', async () => {
    const user = userEvent.setup();
    const api = fakeOpsApi({
      [`GET ${CASE_PATH}`]: [
        ok(photoIdCase({ claim: claimed })),
        ok(photoIdCase({ outcome: 'verified', decidable: false, photoIdCheck: null })),
      ],
      [`POST ${CASE_PATH}/reveal`]: [
        ok({ field: 'documentNumber', value: 'O1234-567890-12', seconds: 60 }),
      ],
      [`POST ${CASE_PATH}/verify`]: [ok({ state: 'verified' })],
    });
    await renderConsole(`/operations/identity/${ATTEMPT}`);

    await user.click(await screen.findByRole('button', { name: 'Reveal the document number' }));
    const reveal = await screen.findByRole('dialog', { name: 'Reveal the document number' });
    await user.click(within(reveal).getByRole('button', { name: 'Reveal the number' }));
    // The reason is required (at least 5 characters): nothing is sent without it.
    expect(await within(reveal).findByText('Write at least 5 characters.')).toBeVisible();
    expect(api.sent('POST', `${CASE_PATH}/reveal`)).toHaveLength(0);
    await user.type(within(reveal).getByLabelText('Reason'), 'Compare with the licence on file');
    await user.click(within(reveal).getByRole('button', { name: 'Reveal the number' }));
    expect(await screen.findByText('O1234-567890-12')).toBeVisible();
    expect(screen.getByText('Hidden again in 60 seconds')).toBeVisible();
    expect(api.sent('POST', `${CASE_PATH}/reveal`)[0]!.body).toEqual({
      field: 'documentNumber',
      reason: 'Compare with the licence on file',
    });

    await user.click(
      screen.getByRole('button', { name: 'Approve the identity of Camille Tremblay' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Approve the identity of Camille Tremblay',
    });
    expect(within(dialog).getByText(/photo-ID method/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Reason'), 'Tampering flag is glare');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // The actions are gone once decided: the focus goes to what happened.
    const notice = await screen.findByText('The identity of Camille Tremblay is verified.');
    expect(notice.closest('div')).toHaveFocus();
    expect(api.sent('POST', `${CASE_PATH}/verify`)[0]!.body).toEqual({
      reason: 'Tampering flag is glare',
    });
    expect(
      await screen.findByText('This check has been decided: nothing is left to do.'),
    ).toBeVisible();
  });

  it('refuses with the refusal chosen, and offers no approval of a document the service could not read', async () => {
    const user = userEvent.setup();
    const api = fakeOpsApi({
      [`GET ${CASE_PATH}`]: [ok(photoIdCase({ claim: claimed }, { document: null }))],
      [`POST ${CASE_PATH}/refuse`]: [ok({ state: 'failed' })],
    });
    await renderConsole(`/operations/identity/${ATTEMPT}`);
    expect(await screen.findByText(/The service could not read the document/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Approve the identity/ })).toBeNull();

    await user.click(
      screen.getByRole('button', { name: 'Refuse the identity of Camille Tremblay' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Refuse the identity of Camille Tremblay',
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'Picture edited');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    // No refusal chosen: said at the field, which takes the focus.
    await waitFor(() => expect(within(dialog).getByLabelText('Why it is refused')).toHaveFocus());
    expect(api.sent('POST', `${CASE_PATH}/refuse`)).toHaveLength(0);
    await user.selectOptions(
      within(dialog).getByLabelText('Why it is refused'),
      'The document does not look authentic',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('The identity of Camille Tremblay is refused.')).toBeVisible();
    expect(api.sent('POST', `${CASE_PATH}/refuse`)[0]!.body).toEqual({
      reason: 'Picture edited',
      refusal: 'notAuthentic',
    });
  });

  it('says why the server refused an approval (an expired document)', async () => {
    const user = userEvent.setup();
    fakeOpsApi({
      [`GET ${CASE_PATH}`]: [ok(photoIdCase({ claim: claimed }))],
      [`POST ${CASE_PATH}/verify`]: [
        { status: 409, body: { errorCode: 'photoIdExpired', message: 'Expired.' } },
      ],
    });
    await renderConsole(`/operations/identity/${ATTEMPT}`);
    await user.click(
      await screen.findByRole('button', { name: 'Approve the identity of Camille Tremblay' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Approve the identity of Camille Tremblay',
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'Looks genuine to me');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The document has expired. Refuse it instead.')).toBeVisible();
  });

  it('says when it cannot load (and tries again), and when the check is gone', async () => {
    fakeOpsApi({
      [`GET ${CASE_PATH}`]: [{ status: 500, body: { errorCode: 'unexpected' } }, ok(photoIdCase())],
    });
    await renderConsole(`/operations/identity/${ATTEMPT}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load this identity check.',
    );
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identity check of Camille Tremblay' }),
    ).toBeVisible();
    vi.restoreAllMocks();

    fakeOpsApi({ [`GET /ops/identity/gone`]: [{ status: 404, body: { errorCode: 'notFound' } }] });
    await renderConsole('/operations/identity/gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('This item no longer exists.');
  });

  it('speaks French', async () => {
    fakeOpsApi({ [`GET ${CASE_PATH}`]: [ok(photoIdCase())] });
    await renderConsole(`/operations/identity/${ATTEMPT}`, 'fr');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "Vérification d'identité de Camille Tremblay",
      }),
    ).toBeVisible();
    const reports = screen.getByRole('table', { name: 'Rapports de la vérification' });
    expect(reports).toHaveTextContent(
      'À examiner, suspect : des signes que le document pourrait être faux ou modifié',
    );
    expect(
      within(reports).getByText(
        "Apparence d'un document authentique : signes de retouche numérique (À examiner)",
      ),
    ).toBeVisible();
    expect(screen.getByText('Québec, Canada')).toBeVisible();
    expect(screen.getByText('Permis de conduire')).toBeVisible();
    expect(screen.getByText('Réservez cette vérification pour la trancher.')).toBeVisible();
  });
});
