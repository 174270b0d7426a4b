import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail } from '../../lib/applications-api.ts';
import { client, renderApp } from '../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../test/fake-applications-api.ts';
import { preloadScreens } from '../../test/preload-screens.ts';

// The dashboard and the outcome it shows load on demand: loaded once here, so each test waits
// for what the person sees rather than for a module's first load (test/preload-screens.ts).
await preloadScreens('/home/dashboard');
await import('./application-outcome.tsx');

const signedIn = { status: 'signedIn', user: client } as const;
const pepFormTitle =
  'Politically exposed person and head of an international organization (PEP/HIO) form';

/** A PDF as its first bytes say. */
function pdfFile(name: string): File {
  const bytes = new Uint8Array(1024).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new File([bytes], name, { type: 'application/pdf' });
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The applications fake, with the extra paths of these screens answered by `extra` (an
 * undefined answer falls through to the fake). Multipart bodies are read as their fields.
 */
function withExtraPaths(
  api: ReturnType<typeof fakeApplicationsApi>,
  extra: (method: string, path: string, body: unknown) => Response | undefined,
) {
  const answerApplications = api.fetchSpy.getMockImplementation()!;
  const sent: Sent[] = [];
  api.fetchSpy.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body =
      raw instanceof FormData
        ? Object.fromEntries([...raw.entries()].map(([key, value]) => [key, value]))
        : typeof raw === 'string'
          ? (JSON.parse(raw) as unknown)
          : undefined;
    const answer = path.startsWith('/service/') ? extra(method, path, body) : undefined;
    if (!answer) return answerApplications(input, init);
    sent.push({ method, path, body });
    return answer;
  });
  return sent;
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const uploadedDocument = (id: string, documentType: string, fileName: string) => ({
  id,
  documentType,
  reason: null,
  fileName,
  size: 1024,
  contentType: 'application/pdf',
  uploadedAt: '2026-11-20T12:00:00.000Z',
});

describe('what the dashboard shows of operations’ decisions', () => {
  beforeAll(() => {
    // jsdom's Blob has no arrayBuffer(); browsers do. Read it the older way here.
    if (!('arrayBuffer' in Blob.prototype)) {
      Object.defineProperty(Blob.prototype, 'arrayBuffer', {
        configurable: true,
        value(this: Blob) {
          return new Promise<ArrayBuffer>((resolve, reject) => {
            const reader = new FileReader();
            reader.onload = () => resolve(reader.result as ArrayBuffer);
            reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
            reader.readAsArrayBuffer(this);
          });
        },
      });
    }
    // jsdom lays nothing out, so it cannot scroll; the error summary's links scroll to a field.
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: vi.fn(),
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows an approved application’s account numbers to copy, a link to fund, and no Continue', async () => {
    fakeApplicationsApi([
      {
        status: 'approved',
        ownershipTypeId: 1,
        openedAccounts: [
          { accountTypeName: 'tfsa', accountNumber: '10000009' },
          { accountTypeName: 'margin', accountNumber: '10000017' },
        ],
      } as Partial<ApplicationDetail>,
    ]);
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const card = await screen.findByRole('listitem', { name: /Application AAAAAAA1/ });
    const open = await within(card).findByRole('region', { name: 'Your accounts are open' });
    expect(within(card).getByText('Account open')).toHaveClass('status-tag');
    expect(within(open).getByText('10000009')).toBeVisible();
    expect(within(open).getByText('10000017')).toBeVisible();
    expect(within(open).getByText('TFSA')).toBeVisible();
    expect(within(open).getByRole('link', { name: 'Fund your accounts' })).toHaveAttribute(
      'href',
      '/home/funding',
    );
    expect(within(card).queryByRole('link', { name: /Continue/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /See what happens next/ })).toBeNull();

    await user.click(within(open).getByRole('button', { name: /^Copy ?the TFSA account number$/ }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('10000009');
    expect(await within(open).findByText('TFSA account number copied.')).toBeVisible();
  });

  it('says the same in French', async () => {
    fakeApplicationsApi([
      {
        status: 'approved',
        ownershipTypeId: 1,
        openedAccounts: [{ accountTypeName: 'tfsa', accountNumber: '10000009' }],
      } as Partial<ApplicationDetail>,
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    const card = await screen.findByRole('listitem', { name: /Demande AAAAAAA1/ });
    const open = await within(card).findByRole('region', { name: 'Votre compte est ouvert' });
    expect(within(card).getByText('Compte ouvert')).toBeVisible();
    expect(within(open).getByText('10000009')).toBeVisible();
    expect(
      within(open).getByRole('button', { name: /^Copier ?le numéro du compte CELI$/ }),
    ).toBeVisible();
  });

  it('shows a declined application’s category and next step, never an internal reason', async () => {
    fakeApplicationsApi([
      {
        status: 'declined',
        ownershipTypeId: 1,
        decline: { category: 'identityNotVerified' },
        // Were a server ever to send the staff member's note, the dashboard has no place for it.
        reason: 'Internal: the licence photo looks edited',
      } as Partial<ApplicationDetail>,
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const card = await screen.findByRole('listitem', { name: /Application AAAAAAA1/ });
    const declined = await within(card).findByRole('region', {
      name: "Why we couldn't open the account",
    });
    expect(within(card).getByText('Application declined')).toHaveClass('status-tag');
    expect(within(declined).getByText('We could not verify your identity.')).toBeVisible();
    expect(within(declined).getByRole('heading', { name: 'What you can do' })).toBeVisible();
    expect(
      within(declined).getByText(/You can start a new application and verify your identity/),
    ).toBeVisible();
    expect(card).not.toHaveTextContent(/licence photo/);
  });

  it('says the decline in French', async () => {
    fakeApplicationsApi([
      {
        status: 'declined',
        ownershipTypeId: 1,
        decline: { category: 'regulatory' },
      } as Partial<ApplicationDetail>,
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    const card = await screen.findByRole('listitem', { name: /Demande AAAAAAA1/ });
    expect(
      await within(card).findByText(
        'Nous ne pouvons pas ouvrir le compte pour des raisons réglementaires.',
      ),
    ).toBeVisible();
    expect(within(card).getByText('Appelez-nous si vous avez des questions sur cette décision.'));
  });

  const asked = {
    status: 'requiresReview',
    ownershipTypeId: 1,
    informationRequest: {
      id: 'request-1',
      message: 'Please send a recent utility bill.\n<b>Not bold</b>',
      documentTypes: ['utilityBill'],
      askedAt: '2026-11-20T15:00:00.000Z',
    },
  } as Partial<ApplicationDetail>;

  it('shows what is asked as text, and sends the answer with the uploaded document', async () => {
    const api = fakeApplicationsApi([asked]);
    const sent = withExtraPaths(api, (method, path, body) => {
      if (method === 'POST' && path.endsWith('/documents')) {
        return json(201, uploadedDocument('doc-1', 'utilityBill', 'bill.pdf'));
      }
      if (method === 'POST' && path.endsWith('/informationRequests/request-1/answer')) {
        // Answered: back under review, the request gone (undefined is left out of JSON).
        const answered = { ...api.first(), informationRequest: undefined };
        expect(body).toEqual({ answer: 'Here it is.', documentIds: ['doc-1'] });
        return json(200, { ...answered, status: 'underReview', version: 2 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const card = await screen.findByRole('listitem', { name: /Application AAAAAAA1/ });
    const request = await within(card).findByRole('region', { name: 'We need more information' });
    // The staff member's words as text: markup shows as typed, never as HTML.
    expect(within(request).getByText(/<b>Not bold<\/b>/)).toBeVisible();
    expect(request.querySelector('b')).toBeNull();
    expect(within(request).getByText(/We asked on November 20, 2026/)).toBeVisible();
    expect(within(request).getByRole('listitem')).toHaveTextContent('Utility bill');
    expect(within(card).queryByText(/We're reviewing your application/)).toBeNull();

    const answer = within(request).getByRole('textbox', { name: 'Your answer' });
    await user.type(answer, 'Here it is.');
    expect(within(request).getByText('You have 1989 characters left')).toBeVisible();
    await user.upload(within(request).getByLabelText('Utility bill'), pdfFile('bill.pdf'));
    await user.click(within(request).getByRole('button', { name: 'Send your answer' }));

    expect(await screen.findByText(/Your answer is sent/)).toBeVisible();
    expect(within(card).getByText('Application is under review')).toBeVisible();
    expect(within(card).queryByRole('region', { name: 'We need more information' })).toBeNull();
    expect(within(card).getByRole('heading', { level: 3 })).toHaveFocus();
    expect(
      sent.map((call) => `${call.method} ${call.path.replace(/.*applications\/[^/]+/, '')}`),
    ).toEqual(['POST /documents', 'POST /informationRequests/request-1/answer']);
    expect(sent[0]?.body).toMatchObject({ documentType: 'utilityBill' });
  });

  it('requires an answer, and keeps what was typed when the server refuses', async () => {
    const api = fakeApplicationsApi([asked]);
    const answers: number[] = [];
    withExtraPaths(api, (method, path) => {
      if (path.endsWith('/answer')) {
        answers.push(1);
        return answers.length === 1
          ? json(400, { errorCode: 'validation', fields: { answer: 'tooLong' } })
          : json(409, { errorCode: 'alreadyAnswered' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const request = await screen.findByRole('region', { name: 'We need more information' });
    await user.click(within(request).getByRole('button', { name: 'Send your answer' }));
    const summary = await within(request).findByRole('alert');
    expect(summary).toHaveTextContent('Your answer: Enter your answer.');
    const answer = within(request).getByRole('textbox', { name: 'Your answer' });
    expect(answer).toHaveAccessibleDescription(/Enter your answer\./);
    expect(answers).toHaveLength(0);

    await user.type(answer, 'No bill: I live with my parents.');
    await user.click(within(request).getByRole('button', { name: 'Send your answer' }));
    expect(
      await within(request).findByText('Your answer must be 2000 characters or fewer.', {
        selector: 'p',
      }),
    ).toBeVisible();
    expect(answer).toHaveValue('No bill: I live with my parents.');

    await user.click(within(request).getByRole('button', { name: 'Send your answer' }));
    expect(await within(request).findByText(/This request was already answered/)).toBeVisible();
    expect(answer).toHaveValue('No bill: I live with my parents.');
  });

  it('keeps the answer and the uploaded file when sending fails, and does not upload it twice', async () => {
    const api = fakeApplicationsApi([asked]);
    let answers = 0;
    const sent = withExtraPaths(api, (method, path) => {
      if (method === 'POST' && path.endsWith('/documents')) {
        return json(201, uploadedDocument('doc-1', 'utilityBill', 'bill.pdf'));
      }
      if (path.endsWith('/answer')) {
        answers += 1;
        if (answers === 1) return json(500, { errorCode: 'unexpected' });
        return json(404, { errorCode: 'notFound' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const request = await screen.findByRole('region', { name: 'We need more information' });
    const answer = within(request).getByRole('textbox', { name: 'Your answer' });
    await user.type(answer, 'Here it is.');
    await user.upload(within(request).getByLabelText('Utility bill'), pdfFile('bill.pdf'));
    await user.click(within(request).getByRole('button', { name: 'Send your answer' }));
    expect(await within(request).findByRole('alert')).toHaveTextContent(
      "We couldn't send your answer. What you typed is kept.",
    );
    expect(answer).toHaveValue('Here it is.');
    expect(within(request).getByText('Uploaded: bill.pdf')).toBeVisible();

    await user.click(within(request).getByRole('button', { name: 'Send your answer' }));
    expect(await within(request).findByText(/This request is no longer open/)).toBeVisible();
    const paths = sent.map((call) => call.path.replace(/.*applications\/[^/]+/, ''));
    expect(paths.filter((path) => path === '/documents')).toHaveLength(1);
    expect(sent.filter((call) => call.path.endsWith('/answer')).map((call) => call.body)).toEqual([
      { answer: 'Here it is.', documentIds: ['doc-1'] },
      { answer: 'Here it is.', documentIds: ['doc-1'] },
    ]);
  });

  it('counts characters past the limit in French', async () => {
    fakeApplicationsApi([asked]);
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    const request = await screen.findByRole('region', {
      name: 'Nous avons besoin de renseignements supplémentaires',
    });
    const answer = within(request).getByRole('textbox', { name: 'Votre réponse' });
    await userEvent.click(answer);
    await userEvent.paste('x'.repeat(2003));
    expect(within(request).getByText('Vous avez 3 caractères de trop')).toBeVisible();
    await userEvent.click(within(request).getByRole('button', { name: 'Envoyer votre réponse' }));
    expect(await within(request).findByRole('alert')).toHaveTextContent(
      'Votre réponse doit compter au plus 2000 caractères.',
    );
  });

  const pep = (pepForm: object, status = 'underReview') =>
    ({ status, ownershipTypeId: 1, pepForm }) as Partial<ApplicationDetail>;

  it('shows the PEP/HIO form’s due date, then the restriction once past due, then its receipt', async () => {
    fakeApplicationsApi([
      pep({ dueOn: '2026-12-15', receivedAt: null, remindersSent: 0, restricted: false }),
      pep({ dueOn: '2026-11-01', receivedAt: null, remindersSent: 2, restricted: true }),
      pep(
        {
          dueOn: '2026-11-01',
          receivedAt: '2026-10-28T14:00:00.000Z',
          remindersSent: 1,
          restricted: false,
        },
        'approved',
      ),
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const form = async (name: RegExp) =>
      within(await screen.findByRole('listitem', { name })).findByRole('region', {
        name: pepFormTitle,
      });
    const due = await form(/Application AAAAAAA1/);
    expect(within(due).getByText('Send us the form by December 15, 2026.')).toBeVisible();
    expect(within(due).queryByText(/restricted/)).toBeNull();
    expect(within(due).getByRole('button', { name: 'Download the form (PDF)' })).toBeVisible();
    const late = await form(/Application AAAAAAA2/);
    expect(
      within(late).getByText(
        'Your account is restricted until we receive the form. It was due on November 1, 2026.',
      ),
    ).toBeVisible();
    const received = await form(/Application AAAAAAA3/);
    expect(
      within(received).getByText('We received your form on October 28, 2026. Thank you.'),
    ).toBeVisible();
    expect(within(received).queryByRole('button', { name: /Upload/ })).toBeNull();
  });

  it('says the restriction in French', async () => {
    fakeApplicationsApi([
      pep({ dueOn: '2026-11-01', receivedAt: null, remindersSent: 2, restricted: true }),
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    expect(
      await screen.findByText(
        "Votre compte est restreint jusqu'à ce que nous recevions le formulaire. Il était attendu le 1 novembre 2026.",
      ),
    ).toBeVisible();
  });

  it('downloads the blank form with the bearer token and uploads the completed one', async () => {
    const api = fakeApplicationsApi([
      pep({ dueOn: '2026-12-15', receivedAt: null, remindersSent: 0, restricted: false }),
    ]);
    const sent = withExtraPaths(api, (method, path) => {
      if (method === 'GET' && path.endsWith('/pepForm/pdf')) {
        // A string body: undici's Response does not take jsdom's Blob.
        return new Response('%PDF-1.7', {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      }
      if (method === 'POST' && path.endsWith('/documents')) {
        return json(201, uploadedDocument('doc-pep', 'pepHioForm', 'form.pdf'));
      }
      if (method === 'POST' && path.endsWith('/pepForm/upload')) {
        return json(200, {
          status: {
            dueOn: '2026-12-15',
            receivedAt: '2026-11-26T10:00:00.000Z',
            remindersSent: 0,
            restricted: false,
          },
          people: ['primary'],
        });
      }
      return undefined;
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pep'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const section = await screen.findByRole('region', {
      name: pepFormTitle,
    });
    await user.click(within(section).getByRole('button', { name: 'Download the form (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['politically-exposed-person-form.pdf']));

    await user.click(within(section).getByRole('button', { name: 'Upload the form' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Choose the completed form.',
    );
    await user.upload(
      within(section).getByLabelText('Completed and signed form'),
      pdfFile('form.pdf'),
    );
    await user.click(within(section).getByRole('button', { name: 'Upload the form' }));
    expect(
      await within(section).findByText('We received your form on November 26, 2026. Thank you.'),
    ).toBeVisible();
    expect(sent.map((call) => call.path.replace(/.*applications\/[^/]+/, ''))).toEqual([
      '/pepForm/pdf',
      '/documents',
      '/pepForm/upload',
    ]);
    expect(sent[1]?.body).toMatchObject({ documentType: 'pepHioForm' });
    expect(sent[2]?.body).toEqual({ documentId: 'doc-pep' });
  });

  it('asks the questions on screen, checks them with the domain’s schema, and sends them', async () => {
    const api = fakeApplicationsApi([
      pep({ dueOn: '2026-12-15', receivedAt: null, remindersSent: 0, restricted: false }),
    ]);
    const sent = withExtraPaths(api, (method, path) => {
      if (path.endsWith('/references/countries')) {
        return json(200, [
          { id: 1, description: 'Canada', descriptionFr: 'Canada' },
          { id: 2, description: 'United States', descriptionFr: 'États-Unis' },
          { id: 44, description: 'France', descriptionFr: 'France' },
        ]);
      }
      const status = { dueOn: '2026-12-15', receivedAt: null, remindersSent: 0, restricted: false };
      if (method === 'GET' && path.endsWith('/pepForm')) {
        return json(200, { status, people: ['primary'] });
      }
      if (method === 'PUT' && path.endsWith('/pepForm')) {
        return json(200, {
          status: { ...status, receivedAt: '2026-11-26T10:00:00.000Z' },
          people: ['primary'],
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    // Pasted rather than typed key by key: the form is long.
    const fill = async (label: string, text: string) => {
      await user.click(within(section).getByLabelText(label));
      await user.paste(text);
    };
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const section = await screen.findByRole('region', {
      name: pepFormTitle,
    });
    const open = within(section).getByRole('button', { name: 'Answer on screen' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const category = await within(section).findByRole('group', { name: 'Which describes you?' });
    expect(within(section).getByRole('group', { name: 'Primary applicant' })).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Send your answers' }));
    const summary = await within(section).findByRole('alert');
    expect(summary).toHaveTextContent('Which describes you: Required.');
    expect(summary).toHaveTextContent('Primary applicant, Position or office held: Required.');
    expect(sent.some((call) => call.method === 'PUT')).toBe(false);

    // A family member or associate is asked whose, and their name.
    await user.click(within(category).getByLabelText(/Family member or close associate/));
    expect(
      within(section).getByRole('combobox', { name: 'Your relationship to the exposed person' }),
    ).toBeVisible();
    await user.click(within(category).getByLabelText('Politically exposed foreign person'));
    expect(
      within(section).queryByRole('combobox', { name: 'Your relationship to the exposed person' }),
    ).toBeNull();

    await fill('Position or office held', 'Ambassador');
    // Closed and opened again, the part keeps what was typed.
    await user.click(open);
    expect(within(section).getByLabelText('Position or office held')).not.toBeVisible();
    await user.click(open);
    expect(within(section).getByLabelText('Position or office held')).toHaveValue('Ambassador');
    await fill('Organization, government or institution', 'Ministry of Foreign Affairs');
    await user.selectOptions(within(section).getByLabelText('Country'), 'France');
    await fill('Held since', '2019-05-01');
    await fill('Held until', '2018-01-01');
    await fill('Source of your wealth', 'Salary');
    await fill('Source of the funds for this account', 'Savings');
    await fill('Expected account activity', 'Monthly deposits');
    await user.click(within(section).getByRole('button', { name: 'Send your answers' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The end date must be on or after the start date.',
    );
    expect(within(section).getByLabelText('Position or office held')).toHaveValue('Ambassador');

    await user.clear(within(section).getByLabelText('Held until'));
    await user.click(within(section).getByRole('button', { name: 'Send your answers' }));
    expect(
      await within(section).findByText('We received your form on November 26, 2026. Thank you.'),
    ).toBeVisible();
    expect(within(section).getByText('Thank you: we received your form.')).toBeVisible();
    expect(within(section).getByRole('heading', { level: 4 })).toHaveFocus();
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({
      primary: {
        category: 'foreignPep',
        position: 'Ambassador',
        organization: 'Ministry of Foreign Affairs',
        countryId: 44,
        heldFrom: '2019-05-01',
        sourceOfWealth: 'Salary',
        sourceOfFunds: 'Savings',
        expectedActivity: 'Monthly deposits',
      },
    });
  });
});
