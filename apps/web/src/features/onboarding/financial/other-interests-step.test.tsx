import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, renderApp } from '../../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../../test/fake-applications-api.ts';

const signedIn = { status: 'signedIn', user: client } as const;
const homeIn = (provinceId: number) => ({
  homeAddress: {
    streetNumber: '1',
    streetName: 'Main Street',
    city: 'Ottawa',
    provinceId,
    postalCode: 'K1A 0B1',
    countryId: 1,
  },
});
const stepsBefore = (
  provinceId = 5,
  accounts = ['tfsa'],
  profile: Record<string, unknown> = {},
) => ({
  ownership: { ownershipTypeId: 1 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts },
  account: {},
  profile: { firstName: 'Camille', ...homeIn(provinceId), ...profile },
});

/** Countries for the tax residence and PEP questions, answered from memory. */
function countries(fetchSpy: ReturnType<typeof fakeApplicationsApi>['fetchSpy']) {
  const original = fetchSpy.getMockImplementation();
  fetchSpy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/references/countries')) {
      const list = [
        { id: 1, description: 'Canada', descriptionFr: 'Canada' },
        { id: 2, description: 'United States', descriptionFr: 'États-Unis' },
      ];
      return new Response(JSON.stringify(list), { status: 200 });
    }
    if (url.pathname.endsWith('/documents')) return new Response('[]', { status: 200 });
    return original!(input, init);
  });
}

async function openStep({
  language = 'en',
  steps = stepsBefore(),
}: { language?: 'en' | 'fr'; steps?: Record<string, unknown> } = {}) {
  const api = fakeApplicationsApi([{ status: 'continue', steps }]);
  countries(api.fetchSpy);
  const id = api.first().id;
  await renderApp({ path: `/application/${id}/otherinterests`, user: signedIn, language });
  await screen.findByRole('heading', { level: 1 });
  return { api, id };
}

const save = () =>
  userEvent.click(screen.getByRole('button', { name: /Save and continue|Enregistrer/ }));
const group = (name: string | RegExp) => screen.getByRole('group', { name });
const choose = (question: string | RegExp, answer: string | RegExp) =>
  userEvent.click(within(group(question)).getByLabelText(answer));

describe('financial background step (otherinterests)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every missing answer in the summary, in page order', async () => {
    await openStep();
    await save();
    const summary = await screen.findByRole('alert');
    const targets = within(summary)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(targets[0]).toBe('#businessRelationshipPurpose');
    expect(targets).toEqual(
      expect.arrayContaining([
        '#intendedUse-tfsa',
        '#investmentExperience-primary',
        '#tradingAuthority-answer',
        '#disclosureAcknowledged',
        '#affiliations-primary-isPep',
      ]),
    );
    expect(targets.indexOf('#tradingAuthority-answer')).toBeLessThan(
      targets.indexOf('#affiliations-primary-isPep'),
    );
    expect(document.title).toMatch(/^Error: /);
  });

  it('asks the work email of an employee and says when it is not an email', async () => {
    await openStep();
    expect(screen.queryByLabelText('Your work email address')).not.toBeInTheDocument();
    await choose(/employee, advisor or partner/, 'Yes');
    await userEvent.type(screen.getByLabelText('Your work email address'), 'not-an-email');
    await save();
    const field = screen.getByLabelText('Your work email address');
    expect(field).toHaveAccessibleDescription(/The email format is not valid\./);
  });

  it('tells a politically exposed person the form is due within 21 days', async () => {
    await openStep();
    await choose(/politically exposed person/, 'Yes');
    expect(screen.getByText(/Return it within 21 days/)).toBeVisible();
    expect(screen.getByLabelText('Name of the politically exposed person')).toBeVisible();
  });

  it('explains a trusted contact cannot make decisions', async () => {
    await openStep();
    expect(
      within(group(/trusted contact person/)).getByText(/cannot make decisions on your accounts/),
    ).toBeVisible();
  });

  it('says when beneficiary shares do not add up to 100%, and shows the running total', async () => {
    await openStep();
    await userEvent.click(screen.getByRole('button', { name: 'Add a beneficiary' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a beneficiary' }));
    const shares = screen.getAllByLabelText('Share (%)');
    await userEvent.type(shares[0]!, '50');
    await userEvent.type(shares[1]!, '40');
    expect(screen.getByText('Total: 90%')).toBeVisible();
    await save();
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: /Percent fields must add up to 100%$/ }),
    ).toHaveAttribute('href', '#beneficiaries');
  });

  // Findings 2026-11-28, A-minor 4: the successor annuitant's name was typed again.
  it('names the spouse as the profile does when a beneficiary is designated the spouse', async () => {
    const before = stepsBefore(5, ['rrif']);
    await openStep({
      steps: {
        ...before,
        profile: { ...before.profile, spouse: { firstName: 'Sam', lastName: 'O’Connor' } },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add a beneficiary' }));
    await userEvent.selectOptions(
      screen.getByLabelText(/Designation/),
      'My spouse as successor annuitant',
    );
    expect(screen.getByLabelText('First name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Last name')).toHaveValue('O’Connor');
  });

  it('takes "100%" as a share, as people write it', async () => {
    await openStep();
    await userEvent.click(screen.getByRole('button', { name: 'Add a beneficiary' }));
    await userEvent.type(screen.getByLabelText('Share (%)'), '100%');
    expect(screen.getByText('Total: 100%')).toBeVisible();
    await save();
    const summary = await screen.findByRole('alert');
    expect(within(summary).queryByText(/Share|Percent/)).not.toBeInTheDocument();
  });

  it('offers "My spouse" as a designation only when the profile has a spouse', async () => {
    const designations = () =>
      within(screen.getByLabelText('Designation'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await openStep({ steps: stepsBefore(5, ['tfsa'], { maritalStatus: 1 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Add a beneficiary' }));
    expect(designations()).not.toContain('My spouse');
    expect(designations()).toContain('My estate');
  });

  it('offers "My spouse" to a married applicant', async () => {
    await openStep({ steps: stepsBefore(5, ['tfsa'], { maritalStatus: 2 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Add a beneficiary' }));
    expect(
      within(screen.getByLabelText('Designation')).getByRole('option', { name: 'My spouse' }),
    ).toBeInTheDocument();
  });

  it('names the person a date error is about, and says the date does not exist', async () => {
    await openStep();
    await choose('Does anyone hold a power of attorney over your finances?', 'Yes');
    await choose('Is this a person or a company?', 'A person');
    await userEvent.type(screen.getByLabelText('Full name'), 'Marie Dubois');
    await userEvent.type(screen.getByLabelText('Day'), '30');
    await userEvent.type(screen.getByLabelText('Month'), '2');
    await userEvent.type(screen.getByLabelText('Year'), '1970');
    await save();
    // The error summary's entry, which links to the date.
    expect(
      await screen.findByRole('link', {
        name: 'Marie Dubois, Date of birth: This date does not exist. Check the day and the month.',
      }),
    ).toBeInTheDocument();
  });

  it('tells a Quebec resident that TFSA beneficiaries are named in a will', async () => {
    await openStep({ steps: stepsBefore(11) });
    expect(screen.getByText(/designated in your will, not in this application/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a beneficiary' })).not.toBeInTheDocument();
  });

  it('keeps a tax residence TIN and sends the products as one set of flags', async () => {
    const { api } = await openStep({ steps: stepsBefore(5, ['cash']) });
    await choose(/purpose of your relationship/, 'Investment purposes');
    await userEvent.selectOptions(
      screen.getByLabelText(/How do you intend to use your/),
      'Long-term growth',
    );
    await choose(/invested in before/, 'Stocks');
    await choose(/invested in before/, 'Bonds');
    await choose(/investment knowledge/, 'Limited');
    await choose(/fall in value before you would want out/, /^Medium/);
    await choose(/When will you need most/, 'In 4 to 10 years');
    for (const question of [/trading authority/, /guarantee these accounts/, /power of attorney/]) {
      await choose(question, 'No');
    }
    await choose(/securityholder materials do you want/, 'All securityholder materials');
    await userEvent.click(screen.getByLabelText(/read the explanation of securityholder/));
    await choose(/send your statements/, 'Electronically, online');
    await choose(/which language should we write/, 'French');
    await userEvent.click(screen.getByLabelText(/read the relationship disclosure/));
    await userEvent.selectOptions(
      screen.getByLabelText('How did you hear about us?'),
      'Social media',
    );
    await choose(/employee, advisor or partner/, 'No');
    for (const question of [
      /politically exposed/,
      /insider of a publicly traded/,
      /director or senior officer/,
      /securities dealer/,
      /U\.S\. person/,
      /trusted contact person\?/,
    ]) {
      await choose(question, 'No');
    }
    await screen.findByRole('option', { name: 'Canada' });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Canada');
    await userEvent.type(screen.getByLabelText(/Taxpayer identification number/), '046 454 286');
    await save();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toMatch(/\/steps\/otherinterests$/);
    expect(put?.body).toMatchObject({
      data: {
        investmentExperience: { primary: 3 },
        riskTolerance: { primary: 2 },
        investmentTimeHorizon: { primary: 3 },
        affiliations: { primary: { taxResidences: [{ countryId: 1, tin: '046 454 286' }] } },
      },
    });
    expect(put?.body).not.toHaveProperty('data.beneficiaries');
    expect(put?.body).not.toHaveProperty('data.knowledgeWarningAcknowledged');
  });

  // Findings 2026-11-28, A-minor 4: the Canadian TIN was asked again after the SIN.
  it('takes the profile’s SIN as the Canadian TIN: a blank is not missing and needs no reason', async () => {
    const before = stepsBefore();
    await openStep({
      steps: { ...before, profile: { ...before.profile, sinMasked: '*** *** 544' } },
    });
    await screen.findByRole('option', { name: 'Canada' });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Canada');
    const tin = screen.getByLabelText(/Taxpayer identification number/);
    expect(tin).toHaveValue('');
    expect(tin).toHaveAccessibleDescription(expect.stringContaining('*** *** 544'));
    expect(screen.queryByLabelText(/If you have no TIN/)).not.toBeInTheDocument();
    await save();
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).queryByRole('link', { name: /Taxpayer identification/ })).toBeNull();
  });

  it('asks each applicant’s risk tolerance and time horizon, and offers ETFs and GICs', async () => {
    const joint = {
      ...stepsBefore(5, ['cash']),
      ownership: { ownershipTypeId: 2, jointRelationship: 'spouse' },
      profilejoint: { firstName: 'Alex' },
    };
    await openStep({ steps: joint });
    expect(group(/Which products have you invested in before/)).toHaveTextContent(
      /Exchange-traded funds \(ETFs\).*Guaranteed investment certificates \(GICs\)/,
    );
    expect(group(/joint applicant's investments fall in value/)).toBeVisible();
    expect(group(/When will the joint applicant need most/)).toBeVisible();
    await choose(/have you invested in before/, 'Exchange-traded funds (ETFs)');
    await choose(/joint applicant invested in before/, 'Guaranteed investment certificates (GICs)');
    await save();
    const targets = within(await screen.findByRole('alert'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(targets).toEqual(
      expect.arrayContaining([
        '#riskTolerance-primary',
        '#investmentTimeHorizon-primary',
        '#riskTolerance-joint',
        '#investmentTimeHorizon-joint',
      ]),
    );
    expect(targets).not.toContain('#investmentExperience-primary');
  });

  it('warns, without refusing, when knowledge is limited and an account is for speculation', async () => {
    const { api } = await openStep({
      steps: stepsBefore(5, ['cash']),
    });
    expect(screen.queryByText(/options and speculation are risky/)).not.toBeInTheDocument();
    await userEvent.selectOptions(
      screen.getByLabelText(/How do you intend to use your/),
      'Speculation and active trading',
    );
    await choose(/investment knowledge/, 'Limited');
    const warning = screen.getByRole('region', { name: /options and speculation are risky/ });
    expect(warning).toHaveTextContent(/use an account for speculation/);
    expect(warning).toHaveTextContent(/your investment knowledge is limited or none/);
    await save();
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: /Your answer about these risks/ }),
    ).toHaveAttribute('href', '#knowledgeWarningAcknowledged');
    await userEvent.click(within(warning).getByLabelText(/I have read this warning/));
    // Average knowledge: no warning, and nothing to acknowledge.
    await choose(/investment knowledge/, 'Average');
    expect(screen.queryByRole('region', { name: /risky/ })).not.toBeInTheDocument();
    await choose(/investment knowledge/, 'None');
    expect(
      within(screen.getByRole('region', { name: /risky/ })).getByLabelText(/I have read/),
    ).toBeChecked();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('warns about options trading chosen at the options step', async () => {
    const withOptions = {
      ...stepsBefore(5, ['margin']),
      options: { optionsTrading: true, strategies: [1], shortSelling: false },
    };
    await openStep({ steps: withOptions });
    await choose(/investment knowledge/, 'Limited');
    expect(screen.getByRole('region', { name: /risky/ })).toHaveTextContent(
      /You said you want to trade options\./,
    );
  });

  it('has the document upload inside the step, before Save and continue', async () => {
    await openStep();
    const documents = await screen.findByRole('heading', { name: 'Supporting documents' });
    const saveButton = screen.getByRole('button', { name: 'Save and continue' });
    expect(documents.compareDocumentPosition(saveButton)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload.compareDocumentPosition(saveButton)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    // Forms cannot nest: the upload has its own, and Save and continue still submits the step.
    expect(document.querySelectorAll('form form')).toHaveLength(0);
    expect((saveButton as HTMLButtonElement).form).not.toBe(upload.closest('form'));
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('There is a problem');
  });

  it('speaks French', async () => {
    await openStep({ language: 'fr' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Votre situation financière et vos liens' }),
    ).toBeVisible();
    expect(group(/personne de confiance\?/)).toBeVisible();
  });
});
