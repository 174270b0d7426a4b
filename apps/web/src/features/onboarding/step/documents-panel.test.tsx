import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '../../../lib/i18n.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import type { Language } from '@portal/domain/enums/define-enum';
import type { UploadedDocument } from '../../../lib/documents-api.ts';
import { createTestI18n } from '../../../test/i18n.ts';
import { storeAccessToken } from '../../../lib/session-token.ts';
import { DocumentsPanel } from './documents-panel.tsx';

const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000000';
const DOCUMENTS_PATH = `/service/jaxrs/applications/${APPLICATION_ID}/documents`;

interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** A PDF as its first bytes say, of the given size. */
function pdfFile(name = 'statement.pdf', size = 2048): File {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new File([bytes], name, { type: 'application/pdf' });
}

function storedDocument(values: Partial<UploadedDocument> = {}): UploadedDocument {
  return {
    id: '11111111-0000-4000-8000-000000000000',
    documentType: 'bankStatement',
    account: null,
    reason: null,
    fileName: 'statement.pdf',
    size: 2048,
    contentType: 'application/pdf',
    uploadedAt: '2026-03-14T12:00:00.000Z',
    ...values,
  };
}

async function bytesOf(blob: Blob): Promise<string> {
  return Array.from(new Uint8Array(await blob.arrayBuffer())).join(',');
}

/**
 * The documents API behind `window.fetch`, from memory, with the server's rules that matter
 * here: a 201 with the stored document, 409 fileAlreadyExists for the same content twice,
 * 204 on delete. Tests can queue one-off answers (`failNext`).
 */
function fakeDocumentsApi(initial: UploadedDocument[] = []) {
  const documents = [...initial];
  const contents = new Map<string, string>();
  const calls: Call[] = [];
  const queued: { status: number; body: unknown }[] = [];
  let counter = 1;
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  async function answer(method: string, path: string, body: unknown): Promise<Response> {
    const once = queued.shift();
    if (once) return json(once.status, once.body);
    if (path === DOCUMENTS_PATH && method === 'GET') return json(200, documents);
    if (path === DOCUMENTS_PATH && method === 'POST') {
      const form = body as FormData;
      const file = form.get('file') as File;
      const content = await bytesOf(file);
      if ([...contents.values()].includes(content)) {
        return json(409, { errorCode: 'fileAlreadyExists', message: 'This file already exists.' });
      }
      counter += 1;
      const created = storedDocument({
        id: `${String(counter).repeat(8)}-0000-4000-8000-000000000000`,
        documentType: String(form.get('documentType')),
        account: (form.get('account') as string | null) ?? null,
        reason: String(form.get('reason') ?? '') || null,
        fileName: file.name,
        size: file.size,
        uploadedAt: '2026-03-15T12:00:00.000Z',
      });
      documents.push(created);
      contents.set(created.id, content);
      return json(201, created);
    }
    const match = path.match(/^.*\/documents\/([^/]+)(\/content)?$/);
    const document = documents.find((candidate) => candidate.id === match?.[1]);
    if (!document) return json(404, { errorCode: 'notFound' });
    if (method === 'DELETE') {
      documents.splice(documents.indexOf(document), 1);
      return new Response(null, { status: 204 });
    }
    if (method === 'GET' && match?.[2]) {
      return new Response(new TextEncoder().encode('%PDF-1.7\n'), {
        status: 200,
        headers: { 'content-type': document.contentType },
      });
    }
    return json(405, { errorCode: 'methodNotAllowed' });
  }

  const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    calls.push({
      method,
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: init?.body,
    });
    return answer(method, url.pathname, init?.body);
  });

  return {
    documents,
    calls,
    fetchSpy,
    uploads: () => calls.filter((call) => call.method === 'POST'),
    failNext(status: number, body: unknown = { errorCode: 'unexpected' }) {
      queued.push({ status, body });
    },
  };
}

async function renderPanel({
  language = 'en',
  documents = [],
  listFails = false,
  accounts,
}: {
  language?: Language;
  documents?: UploadedDocument[];
  listFails?: boolean;
  accounts?: NamedAccountTypeName[];
} = {}) {
  const api = fakeDocumentsApi(documents);
  if (listFails) api.failNext(503);
  storeAccessToken('test-token');
  const i18n = await createTestI18n(language);
  render(
    <TranslationProvider i18n={i18n}>
      <DocumentsPanel applicationId={APPLICATION_ID} accounts={accounts} />
    </TranslationProvider>,
  );
  return api;
}

const fileInput = () => screen.getByLabelText('File');
const uploadButton = () => screen.getByRole('button', { name: 'Upload' });
const announcements = () => screen.getByRole('status');

describe('documents panel', () => {
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
  });
  afterEach(() => vi.restoreAllMocks());

  function stubScrolling() {
    // jsdom lays nothing out, so it cannot scroll; the error summary's links scroll to a field.
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: vi.fn(),
    });
  }

  it('says no document is uploaded yet, that they are optional, and what files it takes', async () => {
    await renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'Supporting documents' })).toBeVisible();
    expect(await screen.findByText('No documents uploaded yet.')).toBeVisible();
    expect(screen.getByText(/optional at this step/)).toBeVisible();
    expect(fileInput()).toHaveAccessibleDescription(
      // A no-break space keeps the size on one line.
      'PDF, JPG, PNG, BMP, GIF or TIFF, up to 10\u00a0MB',
    );
    expect(fileInput()).toHaveAttribute('accept', expect.stringContaining('.pdf'));
    expect(screen.queryByRole('list', { name: 'Uploaded documents' })).not.toBeInTheDocument();
  });

  it('says what each document type must show, before and once the type is chosen', async () => {
    await renderPanel();
    const list = screen.getByRole('list', { name: 'What each document must show' });
    expect(list).toHaveTextContent(
      /statements: the PDF downloaded from the bank .* showing your name/,
    );
    expect(list).toHaveTextContent(/Utility bills: .*current home address \(not a PO box\)/);
    expect(list).toHaveTextContent(/Identity documents: not expired/);
    const type = screen.getByLabelText('Document type');
    await userEvent.selectOptions(type, 'Credit card statement');
    expect(type).toHaveAccessibleDescription(
      'The PDF downloaded from the bank or company that issued it (not a scan or a photo), showing your name.',
    );
    await userEvent.selectOptions(type, 'Utility bill');
    expect(type).toHaveAccessibleDescription(
      'Showing your name and your current home address (not a PO box).',
    );
    await userEvent.selectOptions(type, 'Passport');
    expect(type).toHaveAccessibleDescription(
      'Not expired, with the photo, name and date of birth readable.',
    );
  });

  it('says it in French too', async () => {
    await renderPanel({ language: 'fr' });
    const type = screen.getByLabelText('Type de document');
    await userEvent.selectOptions(type, 'Facture de services publics');
    expect(type).toHaveAccessibleDescription(
      "À votre nom, avec l'adresse actuelle de votre domicile (pas une case postale).",
    );
  });

  it('uploads a document as multipart with the token, lists it and announces it', async () => {
    const api = await renderPanel();
    await screen.findByText('No documents uploaded yet.');
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Bank statement');
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Proof of address');
    await userEvent.upload(fileInput(), pdfFile('statement.pdf', 2048));
    await userEvent.click(uploadButton());

    await waitFor(() => expect(announcements()).toHaveTextContent('statement.pdf uploaded.'));
    const list = screen.getByRole('list', { name: 'Uploaded documents' });
    const item = within(list).getByRole('listitem', { name: 'statement.pdf' });
    expect(item).toHaveTextContent('Bank statement');
    expect(item).toHaveTextContent('Proof of address');
    expect(item).toHaveTextContent('2 KB');
    expect(item).toHaveTextContent('March 15, 2026');
    expect(screen.queryByText('No documents uploaded yet.')).not.toBeInTheDocument();

    const [upload] = api.uploads();
    expect(upload?.path).toBe(DOCUMENTS_PATH);
    expect(upload?.headers.get('authorization')).toBe('Bearer test-token');
    // The browser writes the multipart content type with its boundary: none is set by hand.
    expect(upload?.headers.get('content-type')).toBeNull();
    const form = upload?.body as FormData;
    expect(form.get('documentType')).toBe('bankStatement');
    expect(form.get('reason')).toBe('Proof of address');
    expect((form.get('file') as File).name).toBe('statement.pdf');
    // Ready for the next one.
    expect(screen.getByLabelText('Document type')).toHaveValue('');
    expect(screen.getByLabelText('Reason (optional)')).toHaveValue('');
  });

  it("files a document under one of the application's accounts when it opens several", async () => {
    const api = await renderPanel({ accounts: ['rrsp', 'cash'] });
    await screen.findByText('No documents uploaded yet.');
    const account = screen.getByLabelText('Account (optional)');
    expect(account).toHaveAccessibleDescription(
      /Leave it blank when it is for the whole application/,
    );
    expect(
      within(account)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'RRSP', 'Cash account']);
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Investment statement');
    await userEvent.selectOptions(account, 'RRSP');
    await userEvent.upload(fileInput(), pdfFile('rrsp.pdf'));
    await userEvent.click(uploadButton());

    await waitFor(() => expect(announcements()).toHaveTextContent('rrsp.pdf uploaded.'));
    expect((api.uploads()[0]?.body as FormData).get('account')).toBe('rrsp');
    const item = within(screen.getByRole('list', { name: 'Uploaded documents' })).getByRole(
      'listitem',
      { name: 'rrsp.pdf' },
    );
    expect(item).toHaveTextContent('AccountRRSP');
    expect(account).toHaveValue('');
  });

  it('asks no account of an application that opens one, and sends none', async () => {
    const api = await renderPanel({ accounts: ['tfsa'] });
    await screen.findByText('No documents uploaded yet.');
    expect(screen.queryByLabelText('Account (optional)')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Bank statement');
    await userEvent.upload(fileInput(), pdfFile('statement.pdf'));
    await userEvent.click(uploadButton());
    await waitFor(() => expect(announcements()).toHaveTextContent('statement.pdf uploaded.'));
    expect((api.uploads()[0]?.body as FormData).has('account')).toBe(false);
  });

  it('refuses a photo of a bank statement in the browser: statements are PDFs from the issuer', async () => {
    const api = await renderPanel();
    await screen.findByText('No documents uploaded yet.');
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Bank statement');
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await userEvent.upload(fileInput(), new File([png], 'statement.png', { type: 'image/png' }));
    await userEvent.click(uploadButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'must be the PDF your bank or card issuer provides',
    );
    expect(api.uploads()).toHaveLength(0);
  });

  it('asks for the document type and the file before sending anything', async () => {
    const api = await renderPanel();
    await screen.findByText('No documents uploaded yet.');
    await userEvent.click(uploadButton());

    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#documents-type', '#documents-file']);
    expect(within(summary).getByRole('link', { name: 'Document type: Required.' })).toBeVisible();
    expect(within(summary).getByRole('link', { name: 'File: Required.' })).toBeVisible();
    expect(api.uploads()).toHaveLength(0);
  });

  it('refuses a .txt file in the browser: in the error summary and at the field', async () => {
    stubScrolling();
    const api = await renderPanel();
    await screen.findByText('No documents uploaded yet.');
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Utility bill');
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Hydro bill');
    // A person can pick "All files" in the chooser, past its filter.
    await userEvent
      .setup({ applyAccept: false })
      .upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await userEvent.click(uploadButton());

    const message =
      'This file type is not supported. Upload a PDF, JPG, JPEG, PNG, BMP, GIF or TIFF file.';
    const summary = await screen.findByRole('alert');
    const link = within(summary).getByRole('link', { name: `File: ${message}` });
    expect(link).toHaveAttribute('href', '#documents-file');
    expect(summary).toHaveFocus();
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(link);
    expect(fileInput()).toHaveFocus();
    // Nothing typed is lost, and nothing was sent.
    expect(screen.getByLabelText('Document type')).toHaveValue('utilityBill');
    expect(screen.getByLabelText('Reason (optional)')).toHaveValue('Hydro bill');
    expect(api.uploads()).toHaveLength(0);
  });

  it('refuses a file named .pdf whose first bytes are not a PDF', async () => {
    const api = await renderPanel();
    await screen.findByText('No documents uploaded yet.');
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Bank statement');
    await userEvent.upload(
      fileInput(),
      new File(['PK\u0003\u0004 not a pdf at all'], 'statement.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(uploadButton());

    const message =
      'The content of this file does not match its extension. Upload the original document.';
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: `File: ${message}` })).toHaveAttribute(
      'href',
      '#documents-file',
    );
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(api.uploads()).toHaveLength(0);
  });

  it("shows the server's refusal of a file it already holds, keeping the answers", async () => {
    const api = await renderPanel();
    await screen.findByText('No documents uploaded yet.');
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Bank statement');
    await userEvent.upload(fileInput(), pdfFile('statement.pdf'));
    await userEvent.click(uploadButton());
    await waitFor(() => expect(announcements()).toHaveTextContent('statement.pdf uploaded.'));

    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Other document');
    await userEvent.upload(fileInput(), pdfFile('statement copy.pdf'));
    await userEvent.click(uploadButton());

    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'File: This file already exists.' }),
    ).toHaveAttribute('href', '#documents-file');
    expect(fileInput()).toHaveAccessibleDescription(
      expect.stringContaining('This file already exists.'),
    );
    expect(api.uploads()).toHaveLength(2);
    expect(screen.getByLabelText('Document type')).toHaveValue('other');
    const list = screen.getByRole('list', { name: 'Uploaded documents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(announcements()).not.toHaveTextContent('Uploading');
  });

  it("shows the server's refusal past the storage quota at the file, keeping the answers", async () => {
    const api = await renderPanel();
    await screen.findByText('No documents uploaded yet.');
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Bank statement');
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Proof of address');
    await userEvent.upload(fileInput(), pdfFile('statement.pdf'));
    api.failNext(409, { errorCode: 'storageQuotaExceeded', message: 'Over quota.' });
    await userEvent.click(uploadButton());

    const message =
      'This file does not fit in the storage space you have left for documents. Delete a document you no longer need, or upload a smaller file.';
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: `File: ${message}` })).toHaveAttribute(
      'href',
      '#documents-file',
    );
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByLabelText('Document type')).toHaveValue('bankStatement');
    expect(screen.getByLabelText('Reason (optional)')).toHaveValue('Proof of address');
    expect(screen.getByText('No documents uploaded yet.')).toBeVisible();
  });

  it('says so in French past the storage quota', async () => {
    const api = await renderPanel({ language: 'fr' });
    await screen.findByText("Aucun document téléversé pour l'instant.");
    await userEvent.selectOptions(screen.getByLabelText('Type de document'), 'Relevé bancaire');
    await userEvent.upload(screen.getByLabelText('Fichier'), pdfFile('releve.pdf'));
    api.failNext(409, { errorCode: 'storageQuotaExceeded', message: 'Over quota.' });
    await userEvent.click(screen.getByRole('button', { name: 'Téléverser' }));

    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: "Fichier : Ce fichier dépasse l'espace de stockage qu'il vous reste pour vos documents. Supprimez un document dont vous n'avez plus besoin ou téléversez un fichier plus petit.",
      }),
    ).toHaveAttribute('href', '#documents-file');
  });

  it('says so when the application was submitted meanwhile, keeping the answers', async () => {
    const api = await renderPanel();
    await screen.findByText('No documents uploaded yet.');
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'Void cheque');
    await userEvent.upload(fileInput(), pdfFile('cheque.pdf'));
    api.failNext(409, { errorCode: 'applicationLocked', message: 'Locked.' });
    await userEvent.click(uploadButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This application was submitted for review, so its documents can no longer change.',
    );
    expect(screen.getByLabelText('Document type')).toHaveValue('voidCheque');
    expect(screen.getByText('No documents uploaded yet.')).toBeVisible();
  });

  it('deletes a document only once the person confirms, then announces it', async () => {
    const api = await renderPanel({ documents: [storedDocument()] });
    const item = await screen.findByRole('listitem', { name: 'statement.pdf' });

    await userEvent.click(within(item).getByRole('button', { name: 'Delete statement.pdf' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('listitem', { name: 'statement.pdf' })).toBeVisible();

    await userEvent.click(within(item).getByRole('button', { name: 'Delete statement.pdf' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    expect(dialog).toHaveTextContent('statement.pdf will be removed from your application.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));

    await waitFor(() => expect(announcements()).toHaveTextContent('statement.pdf deleted.'));
    expect(screen.queryByRole('listitem', { name: 'statement.pdf' })).not.toBeInTheDocument();
    expect(screen.getByText('No documents uploaded yet.')).toBeVisible();
    expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `${DOCUMENTS_PATH}/${storedDocument().id}`,
    );
    expect(api.documents).toHaveLength(0);
  });

  it('opens a document from a blob fetched with the token', async () => {
    const api = await renderPanel({ documents: [storedDocument()] });
    const createObjectURL = vi.fn(() => 'blob:http://localhost/document');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const tab = { opener: {} as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as Window);
    const item = await screen.findByRole('listitem', { name: 'statement.pdf' });

    await userEvent.click(within(item).getByRole('button', { name: 'View statement.pdf' }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('blob:http://localhost/document', '_blank'),
    );
    const fetched = api.calls.find((call) => call.path.endsWith('/content'));
    expect(fetched?.path).toBe(`${DOCUMENTS_PATH}/${storedDocument().id}/content`);
    expect(fetched?.headers.get('authorization')).toBe('Bearer test-token');
    expect(tab.opener).toBeNull();
  });

  it('says when the list cannot load and loads it again on Try again', async () => {
    await renderPanel({ documents: [storedDocument()], listFails: true });
    expect(await screen.findByText(/We couldn't load your documents/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'statement.pdf' })).toBeVisible();
  });

  it('speaks French: labels, document types, sizes and messages', async () => {
    await renderPanel({ language: 'fr', documents: [storedDocument({ size: 1572864 })] });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Documents justificatifs' }),
    ).toBeVisible();
    const item = await screen.findByRole('listitem', { name: 'statement.pdf' });
    expect(item).toHaveTextContent('Relevé bancaire');
    expect(item).toHaveTextContent('1,5 Mo');
    expect(item).toHaveTextContent('14 mars 2026');
    expect(within(item).getByRole('button', { name: 'Afficher statement.pdf' })).toBeVisible();
    expect(screen.getByLabelText('Fichier')).toHaveAccessibleDescription(
      "PDF, JPG, PNG, BMP, GIF ou TIFF, jusqu'à 10\u00a0Mo",
    );
    expect(screen.getByLabelText('Motif (facultatif)')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Téléverser' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Il y a un problème' })).toBeVisible();
    expect(
      within(summary).getByRole('link', { name: 'Type de document : Obligatoire.' }),
    ).toBeVisible();
    expect(within(summary).getByRole('link', { name: 'Fichier : Obligatoire.' })).toBeVisible();
  });
});
