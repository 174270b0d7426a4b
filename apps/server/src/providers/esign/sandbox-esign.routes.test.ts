import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSandboxEsign, type SandboxEsign } from './sandbox-esign.ts';

const RETURN_PATH = '/#/application/aaaaaaaa-0000-4000-8000-000000000000/esign?returned=1';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const pdfBytes = () => new TextEncoder().encode('%PDF-1.7\n% document\n%%EOF\n');

/** The hidden token of the ceremony's forms, as a browser would send it back. */
const tokenIn = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('the sandbox e-sign ceremony pages', () => {
  let test: TestApp;
  let esign: SandboxEsign;

  beforeAll(async () => {
    test = await createTestApp();
    esign = createSandboxEsign({ db: test.app.db, cipher: test.app.cipher });
  });
  afterAll(() => test.close());

  const send = (name = 'Camille Tremblay', language: 'en' | 'fr' = 'en') =>
    esign.createEnvelope({
      signer: { email: 'camille@example.com', name },
      language,
      document: { name: 'application-AAAAAAAA.pdf', bytes: pdfBytes() },
      returnPath: RETURN_PATH,
      signHere: { page: 1, x: 56, y: 600 },
    });

  const open = (id: string, query = '') =>
    test.app.inject({ method: 'GET', url: `/sandbox/esign/${id}${query}` });

  const post = (
    id: string,
    action: 'sign' | 'decline',
    fields: Record<string, string>,
    headers = {},
  ) =>
    test.app.inject({
      method: 'POST',
      url: `/sandbox/esign/${id}/${action}`,
      headers: { ...form, ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it('shows the document, a download, and the three choices, in English', async () => {
    const { envelopeId } = await send();
    const response = await open(envelopeId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const html = response.body;
    expect(html).toContain('<html lang="en-CA">');
    expect(html).toContain('<h1>Review and sign your document</h1>');
    expect(html).toContain(`<iframe class="document" src="/sandbox/esign/${envelopeId}/document"`);
    expect(html).toContain(`href="/sandbox/esign/${envelopeId}/document?download=1" download`);
    expect(html).toContain(`action="/sandbox/esign/${envelopeId}/sign"`);
    expect(html).toContain(`action="/sandbox/esign/${envelopeId}/decline"`);
    expect(html).toContain('Finish later');
    // Finish later goes back saying so: the portal then shows "not signed yet", not a check.
    expect(html).toContain(`href="${RETURN_PATH}&#38;event=later"`);
    expect(html).toContain('Type Camille Tremblay');
    expect(tokenIn(html)).toBe(esign.ceremonyToken(envelopeId));
    // The page frames only our own document; the site's policy still forbids scripts.
    expect(response.headers['content-security-policy']).toContain("frame-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('speaks the envelope’s language, and switches on request', async () => {
    const { envelopeId } = await send('Camille Tremblay', 'fr');
    const french = (await open(envelopeId)).body;
    expect(french).toContain('<html lang="fr-CA">');
    expect(french).toContain('Vérifiez et signez votre document');
    expect(french).toContain('Signer le document');
    expect(french).toContain('Terminer plus tard');
    expect(french).toContain(`href="/sandbox/esign/${envelopeId}?lang=en"`);
    const english = (await open(envelopeId, '?lang=en')).body;
    expect(english).toContain('Review and sign your document');
  });

  it('escapes what the signer’s name and the document hold', async () => {
    const { envelopeId } = await send('Zoë "<script>alert(1)</script>" Roy');
    const html = (await open(envelopeId)).body;
    expect(html).not.toContain('<script>');
    expect(html).toContain('Zoë &#34;&#60;script&#62;alert(1)&#60;/script&#62;&#34; Roy');
  });

  it('answers the PDF inline, not sniffed, not stored, viewable in a frame', async () => {
    const { envelopeId } = await send();
    const response = await open(envelopeId, '/document');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="application-AAAAAAAA.pdf"',
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).toContain("object-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.rawPayload).toEqual(Buffer.from(pdfBytes()));
    const download = await open(envelopeId, '/document?download=1');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('offers the download first, then the frame, and on a phone the pages as images', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const text of ['Application', 'Agreement']) {
      pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 24, font });
    }
    const { envelopeId } = await esign.createEnvelope({
      signer: { email: 'camille@example.com', name: 'Camille Tremblay' },
      language: 'fr',
      document: { name: 'application-AAAAAAAA.pdf', bytes: await pdf.save() },
      returnPath: RETURN_PATH,
      signHere: { page: 1, x: 56, y: 600 },
    });
    const base = `/sandbox/esign/${envelopeId}`;
    const html = (await open(envelopeId)).body;
    const download = html.indexOf(`href="${base}/document?download=1" download`);
    expect(download).toBeGreaterThan(0);
    expect(download).toBeLessThan(html.indexOf('<iframe class="document"'));
    expect(html).toContain('<ol class="pages" aria-label="Le document, page par page">');
    expect(html).toContain(`<img src="${base}/document/pages/1" alt="Page 1 de 2 du document"`);
    expect(html).toContain(`<img src="${base}/document/pages/2" alt="Page 2 de 2 du document"`);
    expect(html).not.toContain(`${base}/document/pages/3`);
    // The images are the phone's view: the frame gives way to them on a narrow screen.
    expect(html).toMatch(
      /@media \(max-width:48rem\)\{\.document\{display:none\}\.pages\{display:block\}/,
    );

    const image = await open(envelopeId, '/document/pages/2');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await open(envelopeId, '/document/pages/3')).statusCode).toBe(404);
    expect((await open(envelopeId, '/document/pages/0')).statusCode).toBe(400);
    expect((await open('no-such-envelope', '/document/pages/1')).statusCode).toBe(404);

    // Like the PDF, the images are no longer handed out once the envelope is declined.
    await post(envelopeId, 'decline', { token: tokenIn(html) });
    expect((await open(envelopeId, '/document/pages/1')).statusCode).toBe(404);
  });

  it('refuses a form without the envelope’s token, or from another site', async () => {
    const { envelopeId } = await send();
    const other = await send();
    const typedName = 'Camille Tremblay';
    const missing = await post(envelopeId, 'sign', { typedName });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain('We couldn’t take this request');
    const foreign = await post(envelopeId, 'sign', {
      typedName,
      token: esign.ceremonyToken(other.envelopeId),
    });
    expect(foreign.statusCode).toBe(403);
    const token = esign.ceremonyToken(envelopeId);
    const crossSite = await post(
      envelopeId,
      'decline',
      { token },
      { origin: 'https://elsewhere.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await esign.envelopeStatus(envelopeId)).toBe('pending');
  });

  it('refuses a typed name that is not the signer’s, keeping what was typed', async () => {
    const { envelopeId } = await send();
    const token = tokenIn((await open(envelopeId)).body);
    const blank = await post(envelopeId, 'sign', { token, typedName: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Type your full name to sign.');
    const wrong = await post(envelopeId, 'sign', { token, typedName: 'Alex Martin' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('<title>Error: Review and sign your document');
    expect(wrong.body).toContain('class="error-summary" role="alert"');
    expect(wrong.body).toContain('does not match the name on the document. Type Camille Tremblay.');
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(wrong.body).toContain('value="Alex Martin"');
    expect(await esign.envelopeStatus(envelopeId)).toBe('pending');
  });

  it('says so in French when the typed name is wrong', async () => {
    const { envelopeId } = await send('Camille Tremblay', 'fr');
    const token = tokenIn((await open(envelopeId)).body);
    const wrong = await post(envelopeId, 'sign', { token, typedName: 'Alex', lang: 'fr' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('<title>Erreur : Vérifiez et signez votre document');
    expect(wrong.body).toContain('Le nom tapé ne correspond pas au nom inscrit sur le document.');
  });

  // Findings 2026-11-28, A-H1 and A-minor 25: a curly apostrophe and no final period sign for
  // "Daniel O'Connor Jr.", and the hint never ends in "Jr..".
  it('signs for a name with a period with a curly apostrophe, and hints without a double period', async () => {
    const { envelopeId } = await send("Daniel O'Connor Jr.");
    const page = (await open(envelopeId)).body;
    const token = tokenIn(page);
    const wrong = await post(envelopeId, 'sign', { token, typedName: 'Daniel Connor' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatch(/Type Daniel O(&#39;|&#x27;|')Connor Jr\.</);
    expect(wrong.body).not.toContain('Jr..');
    expect(page).not.toContain('Jr..');
    const signed = await post(envelopeId, 'sign', { token, typedName: 'Daniel O’Connor Jr' });
    expect(signed.statusCode).toBe(303);
    expect(await esign.envelopeStatus(envelopeId)).toBe('signed');
  });

  it('signs with the name typed in any case, then sends the signer back', async () => {
    const { envelopeId } = await send();
    const token = tokenIn((await open(envelopeId)).body);
    const signed = await post(envelopeId, 'sign', { token, typedName: 'CAMILLE tremblay' });
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe(RETURN_PATH);
    expect(await esign.envelopeStatus(envelopeId)).toBe('signed');

    const again = await open(envelopeId);
    expect(again.body).toContain('You signed the document');
    expect(again.body).not.toContain('name="token"');
    // A second submission changes nothing and says where things stand.
    const twice = await post(envelopeId, 'decline', { token });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('You signed the document');
    expect((await open(envelopeId, '/document')).statusCode).toBe(200);
  });

  it('declines, then sends the signer back; the document is no longer handed out', async () => {
    const { envelopeId } = await send();
    const token = tokenIn((await open(envelopeId)).body);
    const declined = await post(envelopeId, 'decline', { token });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(RETURN_PATH);
    expect(await esign.envelopeStatus(envelopeId)).toBe('declined');
    expect((await open(envelopeId)).body).toContain('You declined to sign');
    expect((await open(envelopeId, '/document')).statusCode).toBe(404);
  });

  it('expires at once on ?sandbox=expire, and then cannot be signed', async () => {
    const { envelopeId } = await send();
    const token = esign.ceremonyToken(envelopeId);
    const expired = await open(envelopeId, '?sandbox=expire');
    expect(expired.statusCode).toBe(200);
    expect(expired.body).toContain('This signing link has expired');
    expect(expired.body).toContain(`href="${RETURN_PATH}"`);
    const late = await post(envelopeId, 'sign', { token, typedName: 'Camille Tremblay' });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This signing link has expired');
    expect(await esign.envelopeStatus(envelopeId)).toBe('expired');
  });

  it('answers a page of its own for an envelope that does not exist', async () => {
    for (const id of ['0b5a6e00-0000-4000-8000-000000000000', 'not-an-envelope']) {
      const response = await open(id);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('We can’t find this document');
      expect((await open(id, '/document')).statusCode).toBe(404);
    }
    const french = await test.app.inject({
      method: 'GET',
      url: '/sandbox/esign/not-an-envelope',
      cookies: { lang: 'fr' },
    });
    expect(french.body).toContain('Nous ne trouvons pas ce document');
  });
});
