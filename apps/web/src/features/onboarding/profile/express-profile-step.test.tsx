import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../lib/user-info.tsx';
import { client, renderApp } from '../../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../../test/fake-applications-api.ts';

const ready = {
  ownership: { ownershipTypeId: 1 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
};

/** The invitee registered with their own spelling of the name; the advisor's draft has the rest. */
const invitee: UserInfo = {
  ...client,
  firstName: 'Élise',
  lastName: 'Côté',
  email: 'elise@example.com',
};

const advisorDraft = {
  firstName: 'Élise',
  lastName: 'Côté',
  birthDate: '1985-03-27',
  email: 'elise@example.com',
  phones: [{ type: 3, number: '(514) 555-0199' }],
  homeAddress: { countryId: 1, postalCode: 'H2X 1Y4' },
};

/** The profile step of an application, the prefill answered as given (204: not an invitation's). */
async function openProfile(
  prefill: { status: number; body?: unknown },
  steps: Record<string, unknown> = ready,
) {
  const api = fakeApplicationsApi([{ status: 'continue', steps }]);
  const original = api.fetchSpy.getMockImplementation();
  const asked: string[] = [];
  api.fetchSpy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (/\/express\/applications\/[^/]+\/prefill$/.test(url.pathname)) {
      asked.push(url.pathname);
      return new Response(prefill.body === undefined ? null : JSON.stringify(prefill.body), {
        status: prefill.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (url.pathname.includes('/references/')) return new Response('[]', { status: 200 });
    return original!(input, init);
  });
  const id = api.first().id;
  await renderApp({
    path: `/application/${id}/profile`,
    user: { status: 'signedIn', user: invitee },
  });
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Tell us about yourself' },
    { timeout: 10_000 },
  );
  return { api, id, asked };
}

describe("the profile step of an advisor's express application", () => {
  afterEach(() => vi.restoreAllMocks());

  it("starts from the advisor's draft while unsaved, every field still editable", async () => {
    const user = userEvent.setup();
    const { asked, id } = await openProfile({
      status: 200,
      body: { profile: advisorDraft, advisorName: 'Marc Gagnon' },
    });
    expect(asked).toEqual([`/service/jaxrs/express/applications/${id}/prefill`]);
    const birth = screen.getByRole('group', { name: /Date of birth/ });
    expect(within(birth).getByLabelText('Day')).toHaveValue('27');
    expect(within(birth).getByLabelText('Month')).toHaveValue('3');
    expect(within(birth).getByLabelText('Year')).toHaveValue('1985');
    const home = screen.getByRole('group', { name: /Home address/ });
    const postalCode = within(home).getByLabelText('Postal code');
    expect(postalCode).toHaveValue('H2X 1Y4');
    expect(screen.getByLabelText('First name')).toHaveValue('Élise');

    await user.clear(postalCode);
    await user.type(postalCode, 'H3B 1K9');
    expect(postalCode).toHaveValue('H3B 1K9');
    await user.clear(within(birth).getByLabelText('Day'));
    await user.type(within(birth).getByLabelText('Day'), '28');
    expect(within(birth).getByLabelText('Day')).toHaveValue('28');
  });

  it('starts empty for an application that did not come from an invitation', async () => {
    await openProfile({ status: 204 });
    const birth = screen.getByRole('group', { name: /Date of birth/ });
    expect(within(birth).getByLabelText('Year')).toHaveValue('');
  });

  it('starts empty for an application the server does not find', async () => {
    await openProfile({ status: 404, body: { errorCode: 'notFound' } });
    expect(screen.getByLabelText('First name')).toBeEnabled();
  });

  it('opens without the draft when it cannot be loaded: nothing is lost by going on', async () => {
    await openProfile({ status: 500 });
    expect(screen.getByLabelText('First name')).toBeEnabled();
  });

  it('does not ask once the step is saved', async () => {
    const { asked } = await openProfile(
      { status: 200, body: { profile: advisorDraft, advisorName: 'Marc Gagnon' } },
      { ...ready, profile: { firstName: 'Élise', lastName: 'Côté', birthDate: '1990-01-02' } },
    );
    expect(asked).toEqual([]);
  });
});
