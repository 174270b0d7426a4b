import { describe, expect, it } from 'vitest';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer } from '../../test/users.ts';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? '';

describe('the sandbox bank-connection frame pages', () => {
  const { test, camille } = signedInTestApp('camille');

  const newRequest = async () =>
    (
      await test.app.inject({
        method: 'POST',
        url: '/service/jaxrs/bankConnection/request',
        headers: bearer(camille.token),
      })
    ).json<{ requestId: string }>().requestId;
  const open = (requestId: string, lang: 'en' | 'fr' = 'en') =>
    test.app.inject({
      method: 'GET',
      url: `/sandbox/bank-connection/connect?request=${requestId}&lang=${lang}`,
    });
  const post = (path: string, fields: Record<string, string>, headers = {}) =>
    test.app.inject({
      method: 'POST',
      url: `/sandbox/bank-connection/${path}`,
      headers: { ...form, ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it('lists the banks with username, password and Connect, in English', async () => {
    const requestId = await newRequest();
    const response = await open(requestId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<html lang="en-CA">');
    expect(html).toContain('<h1>Connect your bank</h1>');
    for (const bank of [
      'Laurentian Sandbox Bank',
      'Desjardins',
      'RBC Royal Bank',
      'TD Canada Trust',
      'BMO Bank of Montreal',
      'Scotiabank',
      'National Bank of Canada',
    ]) {
      expect(html).toContain(bank);
    }
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<button type="submit">Connect</button>');
    expect(html).toContain('type="password"');
    // The sandbox says what it is, and the page links to itself in French.
    expect(html).toContain('sandbox bank-connection service');
    expect(html).toContain(
      `href="/sandbox/bank-connection/connect?request=${requestId}&#38;lang=fr"`,
    );
  });

  it('is in French with lang=fr: Nom d’utilisateur, Mot de passe, Connexion', async () => {
    const html = (await open(await newRequest(), 'fr')).body;
    expect(html).toContain('<html lang="fr-CA">');
    expect(html).toContain('<h1>Connecter votre banque</h1>');
    expect(html).toContain('<label for="username">Nom d’utilisateur</label>');
    expect(html).toContain('<label for="password">Mot de passe</label>');
    expect(html).toContain('<button type="submit">Connexion</button>');
    expect(html).toContain('Banque Nationale du Canada');
  });

  it('may be framed by the portal itself only; the rest of the site by no other site either', async () => {
    const frame = await open(await newRequest());
    expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(frame.headers['content-security-policy']).not.toMatch(
      /frame-ancestors[^;]*(\*|https?:)/,
    );
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frame.headers['content-security-policy']).toContain("script-src 'self'");

    for (const url of ['/security/login', '/service/jaxrs/bankConnection/FlBAConnectionStatus/']) {
      const other = await test.app.inject({ method: 'GET', url, headers: bearer(camille.token) });
      const policy = String(other.headers['content-security-policy']);
      expect(policy).toMatch(/frame-ancestors '(self|none)'/);
      expect(policy).not.toMatch(/frame-ancestors[^;]*(\*|https?:)/);
      expect(['SAMEORIGIN', 'DENY']).toContain(other.headers['x-frame-options']);
    }
  });

  it('asks for what is missing, in an error summary, keeping the bank and username', async () => {
    const requestId = await newRequest();
    const token = hidden((await open(requestId)).body, 'token');
    const empty = await post('connect', { request: requestId, token, lang: 'en' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('<title>Error: Connect your bank');
    expect(empty.body).toContain('Choose your bank.');
    expect(empty.body).toContain('Enter your username.');
    expect(empty.body).toContain('Enter your password.');
    const partial = await post('connect', {
      request: requestId,
      token,
      lang: 'fr',
      institution: 'td',
      username: 'camille',
    });
    expect(partial.body).toContain('Entrez votre mot de passe.');
    expect(partial.body).toContain('value="td" checked');
    expect(partial.body).toContain('value="camille"');
  });

  it('shows the security question in French, then the result page that tells the portal', async () => {
    const requestId = await newRequest();
    const token = hidden((await open(requestId, 'fr')).body, 'token');
    const question = await post('connect', {
      request: requestId,
      token,
      lang: 'fr',
      institution: 'national',
      username: 'camille',
      password: 'question',
    });
    expect(question.body).toContain('Quel était le nom de votre premier animal\u00a0?');
    expect(question.body).toContain('<label for="answer">Réponse</label>');
    expect(question.body).toContain('<button type="submit">Continuer</button>');
    const fields = {
      request: requestId,
      token,
      questionToken: hidden(question.body, 'questionToken'),
      institution: 'national',
      username: 'camille',
      lang: 'fr',
    };
    const wrong = await post('question', { ...fields, answer: 'Rex' });
    expect(wrong.body).toContain('Cette réponse n’est pas exacte.');
    const done = await post('question', { ...fields, answer: 'biscuit' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Connexion réussie, vous pouvez revenir');
    expect(done.body).toContain('data-status="CONNECTED"');
    expect(done.body).toContain(`data-request-id="${requestId}"`);
    expect(done.body).toContain('<script src="/sandbox/bank-connection/frame.js" defer></script>');

    const script = await test.app.inject({
      method: 'GET',
      url: '/sandbox/bank-connection/frame.js',
    });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("type: 'bankConnection'");
    expect(script.body).toContain('window.parent.postMessage(');
    expect(script.body).toContain('window.location.origin');
  });

  it('refuses the question without the token a password that asked it gave', async () => {
    const requestId = await newRequest();
    const token = hidden((await open(requestId)).body, 'token');
    const skipped = await post('question', {
      request: requestId,
      token,
      institution: 'td',
      username: 'camille',
      answer: 'biscuit',
    });
    expect(skipped.statusCode).toBe(403);
  });

  it('refuses a form without its token, or posted from another site', async () => {
    const requestId = await newRequest();
    const token = hidden((await open(requestId)).body, 'token');
    const fields = { request: requestId, institution: 'td', username: 'camille', password: 'x' };
    expect((await post('connect', fields)).statusCode).toBe(403);
    const foreign = await post('connect', { ...fields, token }, { origin: 'https://evil.example' });
    // The site's origin check refuses it before the frame sees it.
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ errorCode: 'crossSite' });
    const stale = await post('connect', { ...fields, token: 'not-the-token' });
    expect(stale.statusCode).toBe(403);
    expect(stale.body).toContain('We couldn’t take this request');
  });

  it('answers 404 for an unknown request and 409 once the request no longer waits', async () => {
    const unknown = await open('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('We can’t find this connection');
    const replaced = await newRequest();
    await newRequest();
    const closed = await open(replaced);
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('This connection is closed');
  });
});
