import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '../../lib/i18n.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { CaptureSide, CaptureState } from './capture-api.ts';
import { IdentityCapturePage } from './identity-capture-page.tsx';

const PREFIX = '/service/jaxrs/identityCapture/';
/** A settled answer: a real Response's body is read through streams the fake clock does not drive. */
const json = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, json: async () => body }) as unknown as Response;

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The phone API of the contract, in memory, behind a mocked fetch. */
function fakeServer(initial: Partial<CaptureState> = {}) {
  const server = {
    state: {
      language: 'en',
      firstName: 'Camille',
      stage: 'opened',
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      captured: { front: false, back: false, selfie: false },
      needsBack: true,
      ...initial,
    } as CaptureState,
    calls: [] as Call[],
    expired: false,
    /** The next upload's answer, instead of storing it. */
    nextUpload: undefined as (() => Response) | undefined,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const [credential, action, side] = url.slice(PREFIX.length).split('/');
    const body =
      init.body instanceof FormData
        ? init.body.get('file')
        : typeof init.body === 'string'
          ? JSON.parse(init.body)
          : undefined;
    server.calls.push({ method, path: [action, side].filter(Boolean).join('/'), body });
    if (server.expired || credential !== 'TOKEN123') {
      return json({ errorCode: 'handoffExpired', message: 'expired' }, 404);
    }
    const state = server.state;
    if (method === 'GET') return json(state);
    if (method === 'PUT' && action === 'document') {
      const documentType = (body as { documentType: CaptureState['documentType'] }).documentType;
      server.state = {
        ...state,
        stage: 'document',
        documentType,
        needsBack: documentType !== 'passport',
      };
      return json(server.state);
    }
    if (action === 'images') {
      if (method === 'POST' && server.nextUpload) {
        const answer = server.nextUpload;
        server.nextUpload = undefined;
        return answer();
      }
      const captured = { ...state.captured, [side as CaptureSide]: method === 'POST' };
      server.state = { ...state, stage: side as CaptureSide, captured };
      return json(server.state);
    }
    if (method === 'POST' && action === 'submit') {
      server.state = { ...state, stage: 'submitted', outcome: 'pending' };
      return json({ stage: 'submitted', outcome: 'pending' }, 202);
    }
    return json({ errorCode: 'notFound' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return server;
}

async function renderPage({ language = 'en' as 'en' | 'fr', credential = 'TOKEN123' } = {}) {
  const i18n = await createTestI18n(language);
  const router = createMemoryRouter(
    [{ path: '/verify/:credential', Component: IdentityCapturePage }],
    { initialEntries: [`/verify/${credential}`] },
  );
  render(
    <TranslationProvider i18n={i18n}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  return { i18n };
}

const png = (name: string, size = 64) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });
/** Time passes in steps, each in its own act, so React runs the effects between timers. */
async function wait(ms: number, step = 1_000) {
  for (let waited = 0; waited < ms; waited += step) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - waited)));
  }
}
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++next}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function chooseDocument(label: string | RegExp) {
  await user.click(await screen.findByRole('radio', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function uploadFile(file: File) {
  await user.upload(await screen.findByLabelText('Choose a file'), file);
}

describe('Phone pages of photo ID (issue 13)', () => {
  it('welcomes the person by name with the time left, then moves focus to the document choice', async () => {
    fakeServer({ firstName: 'Camille' });
    await renderPage();
    expect(await heading('Verify your identity with your phone')).toBeInTheDocument();
    expect(screen.getByText(/Hello Camille/)).toBeInTheDocument();
    expect(screen.getByText(/Time left on this link: 1[45] min/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await heading('Which document will you use?')).toHaveFocus();
  });

  it('takes a driver’s licence through front, back and selfie as files, reviews and submits, then shows success', async () => {
    const server = fakeServer();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await chooseDocument('Driver’s licence');
    expect(server.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: 'document',
      body: { documentType: 'driversLicence' },
    });

    expect(await heading('Picture of the front')).toHaveFocus();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await uploadFile(png('licence-front.png'));
    expect(await heading('Picture of the back')).toHaveFocus();
    await uploadFile(png('licence-back.png'));
    expect(await heading('Take a selfie')).toHaveFocus();
    await uploadFile(png('selfie.png'));

    expect(await heading('Check your pictures')).toHaveFocus();
    const uploads = server.calls.filter((call) => call.method === 'POST');
    expect(uploads.map((call) => call.path)).toEqual([
      'images/front',
      'images/back',
      'images/selfie',
    ]);
    expect((uploads[0]?.body as File).name).toBe('licence-front.png');
    expect(screen.getByRole('img', { name: 'Front of your driver’s licence' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(screen.getByRole('img', { name: 'Back of your driver’s licence' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your selfie' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Text me when it’s done' }));
    await user.click(screen.getByRole('button', { name: 'Send for checking' }));
    expect(server.calls.at(-1)).toMatchObject({ path: 'submit', body: { notifyBySms: true } });
    expect(await heading('Checking your documents')).toHaveFocus();
    expect(screen.getByRole('status')).toContainElement(screen.getByRole('progressbar'));

    server.state = { ...server.state, stage: 'decided', outcome: 'verified' };
    await wait(2_100);
    expect(await heading('Done: your identity is verified')).toHaveFocus();
    expect(screen.getByText('You can go back to your computer.')).toBeInTheDocument();
  });

  it('asks only the photo page of a passport, then the selfie', async () => {
    const server = fakeServer({ stage: 'document' });
    await renderPage();
    await chooseDocument(/Passport/);
    expect(await heading('Picture of the photo page')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await uploadFile(png('passport.png'));
    expect(await heading('Take a selfie')).toBeInTheDocument();
    await uploadFile(png('selfie.png'));
    await heading('Check your pictures');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Photo page of your passport' })).toBeInTheDocument();
    expect(server.calls.some((call) => call.path === 'images/back')).toBe(false);
  });

  it('explains how to allow a refused camera and keeps the file route working', async () => {
    const server = fakeServer({ stage: 'document', documentType: 'identityCard' });
    const getUserMedia = vi.fn(() =>
      Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })),
    );
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Take a photo' }));
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
    const guidance = await screen.findByRole('alert');
    expect(within(guidance).getByText(/did not let this page use the camera/)).toBeInTheDocument();
    expect(within(guidance).getByText(/On iPhone \(Safari\)/)).toBeInTheDocument();
    expect(within(guidance).getByText(/On Android \(Chrome\)/)).toBeInTheDocument();

    await uploadFile(png('card-front.png'));
    expect(await heading('Picture of the back')).toBeInTheDocument();
    expect(server.state.captured.front).toBe(true);
  });

  it('says there is no camera when the browser has none, with the file route still offered', async () => {
    fakeServer({ stage: 'document', documentType: 'driversLicence' });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Take a photo' }));
    expect(await screen.findByText('We did not find a camera on this device.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a file')).toBeEnabled();
  });

  it('takes the picture with the camera: back camera for a document, guidance announced, a JPEG sent', async () => {
    const server = fakeServer({ stage: 'document', documentType: 'driversLicence' });
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
      callback(new Blob([new Uint8Array(8)], { type: 'image/jpeg' })),
    );
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Take a photo' }));
    expect(await screen.findByLabelText('What your camera sees')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((region) => region.textContent?.includes('all four corners')),
      ).toBe(true),
    );
    const shutter = screen.getByRole('button', { name: 'Capture' });
    expect(shutter.className).toMatch(/shutter/);
    await user.click(shutter);
    expect(await heading('Picture of the back')).toBeInTheDocument();
    const upload = server.calls.find((call) => call.path === 'images/front');
    expect((upload?.body as File).name).toBe('front-camera.jpg');
    expect((upload?.body as File).type).toBe('image/jpeg');
    expect(stop).toHaveBeenCalled();
  });

  it('says an upload error next to the capture and sends the same picture again on retry', async () => {
    const server = fakeServer({ stage: 'document', documentType: 'driversLicence' });
    await renderPage();
    await heading('Picture of the front');
    server.nextUpload = () => {
      throw new TypeError('Failed to fetch');
    };
    await uploadFile(png('licence-front.png'));
    expect(await screen.findByText(/could not be sent. Check your connection/)).toBeInTheDocument();
    expect(server.state.captured.front).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Try sending again' }));
    expect(await heading('Picture of the back')).toBeInTheDocument();
    const uploads = server.calls.filter((call) => call.path === 'images/front');
    expect(uploads).toHaveLength(2);
    expect((uploads[1]?.body as File).name).toBe('licence-front.png');
  });

  it('refuses a picture over 10 MB or not JPEG/PNG before sending it', async () => {
    const server = fakeServer({ stage: 'document', documentType: 'driversLicence' });
    await renderPage();
    await heading('Picture of the front');
    await uploadFile(png('huge.png', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText(/larger than 10 MB/)).toBeInTheDocument();
    server.nextUpload = () => json({ errorCode: 'invalidFile', message: 'x' }, 400);
    await uploadFile(png('not-really.png'));
    expect(await screen.findByText(/not a JPEG or PNG picture/)).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === 'images/front')).toHaveLength(1);
  });

  it('makes a phone photo over 10 MB smaller in the browser and sends the smaller JPEG', async () => {
    const server = fakeServer({ stage: 'document', documentType: 'driversLicence' });
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4032, height: 3024, close })),
    );
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    const qualities: number[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(
      (callback, _type, quality) => {
        qualities.push(Number(quality));
        callback(new Blob([new Uint8Array(2 * 1024 * 1024)], { type: 'image/jpeg' }));
      },
    );
    await renderPage();
    await heading('Picture of the front');
    await uploadFile(
      new File([new Uint8Array(12 * 1024 * 1024)], 'IMG_2041.jpg', { type: 'image/jpeg' }),
    );
    expect(await heading('Picture of the back')).toBeInTheDocument();
    const sent = server.calls.find((call) => call.path === 'images/front')?.body as File;
    expect(sent.size).toBe(2 * 1024 * 1024);
    expect(sent.type).toBe('image/jpeg');
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 4032, 3024);
    expect(qualities).toEqual([0.92]);
    expect(close).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('says what to do with a HEIC photo, and offers no retry that cannot help', async () => {
    const server = fakeServer({ stage: 'document', documentType: 'driversLicence' });
    await renderPage();
    await heading('Picture of the front');
    // A browser that ignores `accept` (a desktop's "All files") lets a HEIC through.
    const anyFile = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
    await anyFile.upload(
      await screen.findByLabelText('Choose a file'),
      new File([new Uint8Array(64)], 'IMG_0420.HEIC', { type: 'image/heic' }),
    );
    expect(await screen.findByText(/in HEIC format/)).toBeInTheDocument();
    expect(screen.getByText(/Formats to “Most Compatible”/)).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === 'images/front')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Try sending again' })).not.toBeInTheDocument();

    // A picture the server refuses for what it is cannot be sent again as it is either.
    server.nextUpload = () => json({ errorCode: 'invalidFile', message: 'x' }, 400);
    await uploadFile(png('not-really.png'));
    expect(await screen.findByText(/not a JPEG or PNG picture/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try sending again' })).not.toBeInTheDocument();
  });

  it('retakes one picture from the review (DELETE) and comes back to the review', async () => {
    const server = fakeServer({
      stage: 'selfie',
      documentType: 'driversLicence',
      captured: { front: true, back: true, selfie: true },
    });
    await renderPage();
    await heading('Check your pictures');
    await user.click(screen.getByRole('button', { name: 'Retake: Back of your driver’s licence' }));
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', path: 'images/back' });
    expect(await heading('Picture of the back')).toHaveFocus();
    await uploadFile(png('back-again.png'));
    expect(await heading('Check your pictures')).toBeInTheDocument();
  });

  it('shows the long-wait screen after 30 seconds and polls every 2 s, then every 5 s', async () => {
    const server = fakeServer({
      stage: 'submitted',
      outcome: 'pending',
      documentType: 'driversLicence',
    });
    await renderPage();
    expect(await heading('Checking your documents')).toBeInTheDocument();
    const reads = () => server.calls.filter((call) => call.method === 'GET').length;
    await wait(10_000);
    expect(reads()).toBeGreaterThanOrEqual(5);
    await wait(21_000);
    expect(await heading('This can take up to 10 minutes')).toHaveFocus();
    expect(screen.getByText(/put your phone down/)).toBeInTheDocument();
    await wait(30_000);
    const afterAMinute = reads();
    await wait(10_000);
    expect(reads() - afterAMinute).toBeGreaterThanOrEqual(1);
    expect(reads() - afterAMinute).toBeLessThanOrEqual(3);
  });

  it('says the link has expired on an unknown or expired link, and when its time runs out', async () => {
    const server = fakeServer();
    server.expired = true;
    await renderPage();
    expect(await heading('This link has expired')).toBeInTheDocument();
    expect(screen.getByText('Go back to your computer and send a new one.')).toBeInTheDocument();
  });

  it('moves to the expired screen when the 15 minutes run out, announcing 2 minutes left first', async () => {
    // A minute more than the warning's two: the clock also moves with real time here, and a
    // busy machine can take seconds to show the page.
    fakeServer({
      stage: 'document',
      expiresAt: new Date(Date.now() + 3 * 60_000).toISOString(),
    });
    await renderPage();
    await heading('Which document will you use?');
    expect(screen.queryByText('2 minutes left on this link.')).not.toBeInTheDocument();
    await wait(61_000);
    expect(screen.getByText('2 minutes left on this link.')).toHaveAttribute('aria-live', 'polite');
    await wait(2 * 60_000);
    expect(await heading('This link has expired')).toBeInTheDocument();
  });

  it.each([
    ['documentExpired', 'This document has expired: use a valid one.'],
    ['captureFailed', 'We could not read your ID: retake in good light, all four corners visible.'],
    ['likenessFailed', 'The selfie did not match the photo on your ID.'],
  ])('explains a declined check (%s) in plain words with the other ways', async (reason, text) => {
    fakeServer({ stage: 'decided', outcome: 'failed', reason, documentType: 'driversLicence' });
    await renderPage();
    expect(await heading('We could not verify your identity')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(/two documents or manual verification/)).toBeInTheDocument();
  });

  it('says the documents went to review when the vendor asks for a person', async () => {
    fakeServer({ stage: 'decided', outcome: 'pending', reason: 'review' });
    await renderPage();
    expect(await heading('Your documents were sent for review')).toBeInTheDocument();
  });

  it('speaks the person’s language from the API, and the language can still be switched', async () => {
    fakeServer({ language: 'fr' });
    const { i18n } = await renderPage({ language: 'en' });
    expect(await heading('Vérifiez votre identité avec votre téléphone')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await heading('Verify your identity with your phone')).toBeInTheDocument();
  });

  it('is operable with the keyboard alone: start, choose a document, open the file input', async () => {
    const server = fakeServer();
    await renderPage();
    // The page puts the focus on its heading once shown; the keyboard starts from there.
    const start = await heading('Verify your identity with your phone');
    await waitFor(() => expect(start).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Start' })).toHaveFocus();
    await user.keyboard(' ');
    const choose = await heading('Which document will you use?');
    await waitFor(() => expect(choose).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Driver’s licence' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Driver’s licence' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const front = await heading('Picture of the front');
    expect(server.state.documentType).toBe('driversLicence');
    await waitFor(() => expect(front).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Take a photo' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Choose a file')).toHaveFocus();
  });

  it('opens from the real route table without anyone signed in', async () => {
    fakeServer();
    const { router } = await renderApp({ path: '/verify/TOKEN123', token: null });
    expect(await heading('Verify your identity with your phone')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify/TOKEN123');
  });
});
