import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_ID,
  fakeOpsApi,
  myClaim,
  ok,
  page,
  queueItem,
  renderConsole,
} from './operations-test-kit.tsx';

describe('the applications queue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each application with its names, status, age, province, accounts, marks and claim', async () => {
    fakeOpsApi({
      'GET /ops/applications': [
        ok(
          page([
            queueItem(),
            queueItem({
              id: 'aaaaaaaa-0000-4000-8000-000000000002',
              applicantNames: ['Jordan Lee'],
              status: 'requiresReview',
              province: 'ON',
              accountTypes: ['rrsp'],
              joint: false,
              pep: false,
              overdue: false,
              ageBusinessDays: 1,
              claim: { ...myClaim, mine: false, staffName: 'Théo Bouchard' },
            }),
          ]),
        ),
      ],
    });
    await renderConsole('/operations/applications');
    const table = await screen.findByRole('table', { name: 'Applications, oldest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!).getByRole('link', { name: 'Camille Tremblay, Alex Roy' }),
    ).toHaveAttribute('href', `/operations/applications/${APPLICATION_ID}`);
    expect(first).toHaveTextContent('Under review');
    expect(first).toHaveTextContent('5 business days');
    expect(within(first!).getByText('Overdue')).toBeVisible();
    expect(first).toHaveTextContent('Quebec');
    expect(first).toHaveTextContent('TFSA');
    expect(within(first!).getByText('Joint')).toBeVisible();
    expect(within(first!).getByText('PEP/HIO')).toBeVisible();
    expect(first).toHaveTextContent('No one is working on this item.');

    expect(second).toHaveTextContent('Waiting for the client');
    expect(second).toHaveTextContent('1 business day');
    expect(second).toHaveTextContent('Ontario');
    expect(second).toHaveTextContent(/Théo Bouchard is working on this item until/);
    expect(within(second!).queryByText('Overdue')).toBeNull();
    // Column headers and row headers carry their scope.
    expect(within(table).getByRole('columnheader', { name: 'Age' })).toHaveAttribute(
      'scope',
      'col',
    );
    expect(within(table).getAllByRole('rowheader')).toHaveLength(2);
  });

  it('puts the filters in the URL, asks the API with them, and a shared link keeps them', async () => {
    const user = userEvent.setup();
    const api = fakeOpsApi();
    const { router } = await renderConsole('/operations/applications');
    await screen.findByRole('table', { name: 'Applications, oldest first' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Under review');
    await user.type(screen.getByLabelText('At least this many business days old'), '3');
    await user.selectOptions(screen.getByLabelText('Province'), 'Quebec');
    await user.selectOptions(screen.getByLabelText('PEP/HIO'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const wanted = { status: 'underReview', minAge: '3', province: 'QC', pep: 'true' };
    await vi.waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(wanted),
    );
    await vi.waitFor(() => expect(api.sent('GET', '/ops/applications')).toHaveLength(2));
    const asked = new URLSearchParams(api.sent('GET', '/ops/applications')[1]!.search);
    expect(Object.fromEntries(asked)).toEqual({ ...wanted, page: '1' });

    // Clear takes every filter away.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens a shared link with its filters chosen, and says when nothing matches', async () => {
    const api = fakeOpsApi({ 'GET /ops/applications': [ok(page([]))] });
    await renderConsole('/operations/applications?status=requiresReview&joint=false&page=2');
    expect(await screen.findByText('No application matches these filters.')).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('requiresReview');
    expect(screen.getByLabelText('Joint')).toHaveValue('false');
    expect(
      Object.fromEntries(new URLSearchParams(api.sent('GET', '/ops/applications')[0]!.search)),
    ).toEqual({
      status: 'requiresReview',
      joint: 'false',
      page: '2',
    });
  });

  it('says when the queue cannot be loaded, and loads it again on request', async () => {
    const user = userEvent.setup();
    fakeOpsApi({
      'GET /ops/applications': [
        { status: 500, body: { errorCode: 'unexpected' } },
        ok(page([queueItem()])),
      ],
    });
    await renderConsole('/operations/applications', 'fr');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Nous n'avons pas pu charger les demandes.",
    );
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(
      await screen.findByRole('table', { name: "Demandes, les plus anciennes d'abord" }),
    ).toBeVisible();
    expect(screen.getByText('En retard')).toBeVisible();
  });

  it('pages through a long queue', async () => {
    const user = userEvent.setup();
    const api = fakeOpsApi({ 'GET /ops/applications': [ok(page([queueItem()], 60))] });
    const { router } = await renderConsole('/operations/applications?province=QC');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?province=QC&page=2'));
    await vi.waitFor(() =>
      expect(
        new URLSearchParams(api.sent('GET', '/ops/applications').at(-1)!.search).get('page'),
      ).toBe('2'),
    );
  });
});
