import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeAdvisorApi,
  investorView,
  ok,
  renderAdvisor,
  INVESTOR_ID,
} from './advisor-test-kit.tsx';
import { resetReloadCheck } from './investor-draft.ts';

const ADD = '/qadvisor/investors/new';

/** The browser says this document came from a reload. */
function documentReloaded() {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { type: 'reload' } as unknown as PerformanceEntry,
  ]);
}

describe('adding an investor', () => {
  beforeEach(() => resetReloadCheck());
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('checks the answers with the domain schema and links each problem to its field', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi();
    await renderAdvisor(ADD);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Postal code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save the investor' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'First name: Required.' })).toBeVisible();
    expect(
      within(summary).getByRole('link', {
        name: 'Email: Enter an email address like name@example.com.',
      }),
    ).toBeVisible();
    expect(
      within(summary).getByRole('link', { name: /Postal code: Check the format/ }),
    ).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST', '/qadvisor/investors')).toHaveLength(0);
  });

  it('asks for the birth date or the postal code', async () => {
    const user = userEvent.setup();
    fakeAdvisorApi();
    await renderAdvisor(ADD);
    await user.type(screen.getByLabelText('First name'), 'Élise');
    await user.type(screen.getByLabelText('Last name'), 'Côté');
    await user.type(screen.getByLabelText('Email'), 'elise@example.com');
    await user.click(screen.getByRole('button', { name: 'Save the investor' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Give the date of birth or the postal code, or both.');
  });

  it('saves the investor, forgets the draft and opens their page', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({ 'POST /qadvisor/investors': [ok(investorView(), 201)] });
    const { router } = await renderAdvisor(ADD);
    await user.type(screen.getByLabelText('First name'), 'Élise');
    await user.type(screen.getByLabelText('Last name'), 'Côté');
    await user.type(screen.getByLabelText('Email'), 'elise@example.com');
    await user.click(screen.getByLabelText('French'));
    const birth = screen.getByRole('group', { name: /Date of birth/ });
    await user.type(within(birth).getByLabelText('Day'), '27');
    await user.type(within(birth).getByLabelText('Month'), '3');
    await user.type(within(birth).getByLabelText('Year'), '1985');
    await user.type(screen.getByLabelText('Postal code'), 'h2x1y4');
    await user.click(screen.getByRole('button', { name: 'Save the investor' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`/qadvisor/investors/${INVESTOR_ID}`),
    );
    expect(api.sent('POST', '/qadvisor/investors')[0]?.body).toEqual({
      firstName: 'Élise',
      lastName: 'Côté',
      email: 'elise@example.com',
      language: 'fr',
      birthDate: '1985-03-27',
      postalCode: 'H2X 1Y4',
    });
    expect(window.sessionStorage.getItem('portal.advisor.investorDraft')).toBeNull();
  });

  it('sends a home address, once whole, for the profile to start from', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({ 'POST /qadvisor/investors': [ok(investorView(), 201)] });
    await renderAdvisor(ADD);
    await user.type(screen.getByLabelText('First name'), 'Élise');
    await user.type(screen.getByLabelText('Last name'), 'Côté');
    await user.type(screen.getByLabelText('Email'), 'elise@example.com');
    await user.type(screen.getByLabelText('Street number'), '1200');
    await user.type(screen.getByLabelText('Postal code'), 'K1S 8H4');
    await user.click(screen.getByRole('button', { name: 'Save the investor' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /Street name: Required\.$/ })).toBeVisible();
    expect(within(summary).getByRole('link', { name: /City: Required\.$/ })).toBeVisible();
    expect(
      within(summary).getByRole('link', { name: /Province or territory: Required\.$/ }),
    ).toBeVisible();

    await user.type(screen.getByLabelText('Street name'), 'Rue Sainte-Catherine O');
    await user.type(screen.getByLabelText('City'), 'Montréal');
    await user.selectOptions(screen.getByLabelText('Province or territory'), 'Quebec');
    await user.click(screen.getByRole('button', { name: 'Save the investor' }));
    expect(
      await screen.findByRole('link', {
        name: /Postal code: This postal code is not in the province chosen\.$/,
      }),
    ).toBeVisible();

    await user.clear(screen.getByLabelText('Postal code'));
    await user.type(screen.getByLabelText('Postal code'), 'h3b1k9');
    await user.click(screen.getByRole('button', { name: 'Save the investor' }));
    await vi.waitFor(() => expect(api.sent('POST', '/qadvisor/investors')).toHaveLength(1));
    expect(api.sent('POST', '/qadvisor/investors')[0]?.body).toMatchObject({
      postalCode: 'H3B 1K9',
      address: {
        streetNumber: '1200',
        streetName: 'Rue Sainte-Catherine O',
        city: 'Montréal',
        provinceId: 11,
        postalCode: 'H3B 1K9',
        countryId: 1,
      },
    });
  });

  it('says when the email is already in the book, keeping what was typed', async () => {
    const user = userEvent.setup();
    fakeAdvisorApi({
      'POST /qadvisor/investors': [{ status: 409, body: { errorCode: 'investorExists' } }],
    });
    await renderAdvisor(ADD);
    await user.type(screen.getByLabelText('First name'), 'Élise');
    await user.type(screen.getByLabelText('Last name'), 'Côté');
    await user.type(screen.getByLabelText('Email'), 'elise@example.com');
    await user.type(screen.getByLabelText('Postal code'), 'H2X 1Y4');
    await user.click(screen.getByRole('button', { name: 'Save the investor' }));
    expect(
      await screen.findByRole('link', {
        name: 'Email: An investor with this email is already in your book.',
      }),
    ).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('Élise');
  });

  it('refuses an address it cannot invite with the one message that does not say why', async () => {
    const user = userEvent.setup();
    fakeAdvisorApi({
      'POST /qadvisor/investors': [{ status: 409, body: { errorCode: 'addressNotInvitable' } }],
    });
    await renderAdvisor(ADD);
    await user.type(screen.getByLabelText('First name'), 'Nadia');
    await user.type(screen.getByLabelText('Last name'), 'Roy');
    await user.type(screen.getByLabelText('Email'), 'staff@demo.laurentide.ca');
    await user.type(screen.getByLabelText('Postal code'), 'H2X 1Y4');
    await user.click(screen.getByRole('button', { name: 'Save the investor' }));
    expect(
      await screen.findByRole('link', {
        name: 'Email: This address cannot be invited; contact operations.',
      }),
    ).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('staff@demo.laurentide.ca');
  });

  it('after a reload mid-entry shows advisor-error, whose link leads to the search that offers the draft again', async () => {
    const user = userEvent.setup();
    fakeAdvisorApi();
    // What the form kept before the reload: its draft, and that it was on screen.
    window.sessionStorage.setItem(
      'portal.advisor.investorDraft',
      JSON.stringify({ firstName: 'Élise', lastName: 'Côté', email: 'elise@example.com' }),
    );
    window.sessionStorage.setItem('portal.advisor.investorFormOpen', '1');
    documentReloaded();
    const { router } = await renderAdvisor(ADD);
    expect(
      await screen.findByText(
        'It appears you have refreshed the page. The information has been saved.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/advisor-error');

    await user.click(screen.getByRole('link', { name: 'Return to advisor search' }));
    expect(
      await screen.findByText('You have an investor you were adding that is not saved yet.'),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Continue adding the investor' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Élise');
    expect(screen.getByLabelText('Last name')).toHaveValue('Côté');
    expect(screen.getByLabelText('Email')).toHaveValue('elise@example.com');
  });

  it('opens normally after a reload with nothing typed', async () => {
    fakeAdvisorApi();
    documentReloaded();
    const { router } = await renderAdvisor(ADD);
    expect(screen.getByRole('heading', { level: 1, name: 'Add an investor' })).toBeVisible();
    expect(router.state.location.pathname).toBe(ADD);
  });
});
