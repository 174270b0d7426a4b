import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, renderApp } from '../../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../../test/fake-applications-api.ts';

const signedIn = { status: 'signedIn', user: client } as const;
const agreed = (isPep = false) => ({
  ownership: { ownershipTypeId: 2 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
  profile: { firstName: 'Camille', lastName: 'Tremblay' },
  profilejoint: { firstName: 'Sam', lastName: 'Roy', email: 'sam@example.com' },
  otherinterests: { affiliations: { primary: { isPep } } },
  review: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
});

/** The funding the step set up, answered beside the applications API. */
function withFunding(
  api: ReturnType<typeof fakeApplicationsApi>,
  applicationId: string,
  { rrif = false } = {},
) {
  const tfsa = {
    accountId: 'bbbbbbbb-0000-4000-8000-000000000001',
    accountNumber: null,
    accountTypeId: 4,
    accountTypeName: 'tfsa',
    eftEligible: true,
    ownershipTypeId: 1,
    currencyTypeId: 1,
  };
  const item = (id: string, frequency: number, amountCents: number) => ({
    id,
    frequency,
    startDate: '2026-12-14',
    amount: amountCents / 100,
    amountCents,
    fromAccount: {
      nickname: 'Everyday',
      accountNumber: '•••••123',
      accountid: 'cccccccc-0000-4000-8000-000000000001',
      financialInstituionName: 'RBC Royal Bank',
      currencyTypeId: 1,
    },
    toAccount: tfsa,
    fundingTypeId: frequency === 1 ? 1 : 3,
    fundingStatusTypeId: 14,
    userStatus: 'submitted',
    lastModifiedDate: '2026-12-01T15:00:00Z',
    activeDate: null,
    parentId: null,
    effectiveDate: null,
    canCancel: true,
    canDelete: false,
  });
  const answers: Record<string, unknown> = {
    '/coAcctFunding/toAccountsForCurrUser': {
      accounts: rrif
        ? [
            tfsa,
            {
              ...tfsa,
              accountId: 'bbbbbbbb-0000-4000-8000-000000000002',
              accountTypeId: 8,
              accountTypeName: 'rrif',
              eftEligible: false,
            },
          ]
        : [tfsa],
    },
    // The RRIF's payments, set up (the shape the screen does not read: set up or not).
    [`/rifFunding/${applicationId}`]: { setups: [] },
    '/pendingEftPacsForCurrUser': {
      items: [
        item('eeeeeeee-0000-4000-8000-000000000001', 1, 500_000),
        item('eeeeeeee-0000-4000-8000-000000000002', 5, 20_000),
      ],
    },
    '/activeFftPacsForCurrUser': { items: [] },
    [`/coapplications/${applicationId}/coaccounts`]: [
      {
        accountId: tfsa.accountId,
        accountTypeId: 4,
        accountTypeName: 'tfsa',
        transferAccountType: 'TFSA',
        ownershipTypeId: 1,
        currencyTypeId: 1,
        jurisdiction: null,
        accountNumber: null,
        transfers: [
          {
            id: 'ffffffff-0000-4000-8000-000000000001',
            toAccountId: tfsa.accountId,
            fromInstitutionId: 'td-direct-investing',
            fromInstitutionName: 'TD Direct Investing',
            accountNumber: '•••••789',
            accountType: 'TFSA',
            transferType: 1,
            approximateValueCents: 2_000_000,
            status: 52,
            esignStatus: 'SIGNED',
            cancellable: true,
            expected: null,
            feeRefund: null,
            lineCount: 0,
            createdAt: '2026-12-01T15:00:00Z',
            lastModifiedDate: '2026-12-01T15:00:00Z',
            signedOn: '2026-12-01',
          },
        ],
      },
    ],
  };
  const applications = api.fetchSpy.getMockImplementation()!;
  api.fetchSpy.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace('/service/jaxrs', '');
    if (path in answers) {
      return new Response(JSON.stringify(answers[path]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return applications(input, init);
  });
}

async function openNextSteps(
  status: 'underReview' | 'jointActionRequired',
  { language = 'en' as 'en' | 'fr', isPep = false, funded = false, rrif = false } = {},
) {
  const api = fakeApplicationsApi([{ status, steps: agreed(isPep) }]);
  const id = api.first().id;
  if (funded) withFunding(api, id, { rrif });
  await renderApp({ path: `/application/${id}/nextsteps`, user: signedIn, language });
  await screen.findByRole('heading', { level: 1 });
  return api;
}

describe('next steps', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the application is under review and ready in 1 to 3 business days', async () => {
    await openNextSteps('underReview');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Thank you: we are reviewing your application',
      }),
    ).toBeVisible();
    expect(
      screen.getByText('Your account is usually ready in 1 to 3 business days.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your applications' })).toBeVisible();
  });

  it('says what the funding step already set up instead of "you can then fund your account"', async () => {
    const api = await openNextSteps('underReview', { funded: true });
    expect(await screen.findByText('Already set up for your accounts:')).toBeVisible();
    // A TFSA pays nothing out: no RRIF payments are asked about.
    const asked = api.fetchSpy.mock.calls.map(([input]) => String(input));
    expect(asked.some((url) => url.includes('/rifFunding/'))).toBe(false);
    expect(
      screen.getByText('A deposit of $5,000.00 into your TFSA on Monday, December 14, 2026'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'A contribution of $200.00 into your TFSA, monthly from Monday, December 14, 2026',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'A transfer of about $20,000.00 from TD Direct Investing into your TFSA, signed',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/You can then fund your account/)).toBeNull();
  });

  it('asks about RRIF payments only for an application opening an income fund, and says they are set up', async () => {
    const api = await openNextSteps('underReview', { funded: true, rrif: true });
    expect(await screen.findByText('Your RRIF payments')).toBeVisible();
    const asked = api.fetchSpy.mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.includes('/rifFunding/'))).toHaveLength(1);
  });

  it('says the account can be funded later when nothing is set up yet', async () => {
    await openNextSteps('underReview');
    expect(
      await screen.findByText('You can then fund your account from your applications page.'),
    ).toBeVisible();
  });

  it('gives a politically exposed person the date the form is due', async () => {
    await openNextSteps('underReview', { isPep: true });
    expect(screen.getByText(/Return it by .*, or your accounts will be restricted/)).toBeVisible();
  });

  it('tells the primary applicant who the joint application waits for', async () => {
    await openNextSteps('jointActionRequired');
    expect(
      screen.getByRole('heading', { level: 1, name: 'We have invited Sam Roy' }),
    ).toBeVisible();
    expect(screen.getByText(/at sam@example\.com to give their consent/)).toBeVisible();
  });

  it('shows the joint application still at identification and signature until all have signed', async () => {
    await openNextSteps('jointActionRequired');
    const progress = screen.getByRole('navigation', { name: 'Application progress' });
    expect(progress).toHaveTextContent(/Step 5 of 6/);
    expect(progress).not.toHaveTextContent(/Step 6 of 6/);
  });

  it('shows the application complete once everyone has signed', async () => {
    await openNextSteps('underReview');
    expect(screen.getByRole('navigation', { name: 'Application progress' })).toHaveTextContent(
      /Step 6 of 6/,
    );
  });

  it('reaches "Complete" when the signature lands after the application screens opened', async () => {
    // The frame read the application before the signature (the ceremony's return); the next
    // steps read it afresh, signed.
    const api = fakeApplicationsApi([{ status: 'esignatureRequired', steps: agreed() }]);
    const id = api.first().id;
    const answer = api.fetchSpy.getMockImplementation()!;
    api.fetchSpy.mockImplementation(async (input, init) => {
      const response = await answer(input, init);
      const application = api.applications.get(id);
      if (application && String(input).endsWith(`/applications/${id}`)) {
        api.applications.set(id, { ...application, status: 'underReview' });
      }
      return response;
    });
    await renderApp({ path: `/application/${id}/nextsteps`, user: signedIn });
    expect(
      await screen.findByRole('heading', { level: 1, name: /we are reviewing your application/ }),
    ).toBeVisible();
    const progress = screen.getByRole('navigation', { name: 'Application progress' });
    await waitFor(() => expect(progress).toHaveTextContent(/Step 6 of 6/));
    expect(within(progress).getByText('Complete').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('offers the signed application to download once the person has signed, not before', async () => {
    await openNextSteps('underReview');
    expect(
      screen.getByRole('button', { name: /^Download your signed application \(PDF\)/ }),
    ).toBeVisible();
    // The page no longer promises a copy inside the mail: the mail links to it.
    expect(
      screen.getByText(/download a copy of what you signed with the button below/),
    ).toBeVisible();
  });

  it('offers no signed copy while nobody has signed', async () => {
    await openNextSteps('jointActionRequired');
    expect(
      screen.queryByRole('button', { name: /Download your signed application/ }),
    ).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await openNextSteps('underReview', { language: 'fr' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Merci : nous vérifions votre demande' }),
    ).toBeVisible();
  });
});
