import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, putStep } from '../test/applications.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerUser, signedInUser, type TestUser } from '../test/users.ts';

const REFUSED_EVERYWHERE = 'microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';
const EVERY_RESPONSE = `camera=(), ${REFUSED_EVERYWHERE}`;
const CLIENT_DOCUMENT = `camera=(self), ${REFUSED_EVERYWHERE}`;

describe('security headers', () => {
  let test: TestApp;
  let dist: string;
  let person: TestUser;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-headers-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    test = await createTestApp({ webDistDir: dist });
    person = await signedInUser(test.app, 'headers');
  });
  afterAll(async () => {
    await test.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('Permissions-Policy', () => {
    it('refuses the camera, microphone, location, payment, USB and screen capture on every response', async () => {
      const responses = await Promise.all([
        test.app.inject({ url: '/healthz' }),
        test.app.inject({ url: '/service/jaxrs/references/countries' }),
        test.app.inject({ url: '/service/jaxrs/nowhere' }),
        test.app.inject({ url: '/security/login', headers: { accept: 'text/html' } }),
        test.app.inject({ url: '/assets/main-abc123.js' }),
        test.app.inject({ url: '/sandbox/mailbox', headers: { accept: 'text/html' } }),
      ]);
      for (const response of responses) {
        expect(response.headers['permissions-policy']).toBe(EVERY_RESPONSE);
      }
    });

    it("lets the client's own document use the camera for itself (identity capture)", async () => {
      for (const url of ['/', '/index.html', '/?lang=fr']) {
        const response = await test.app.inject({ url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['permissions-policy']).toBe(CLIENT_DOCUMENT);
      }
    });

    it('keeps the camera for the document when a revalidation answers 304', async () => {
      const first = await test.app.inject({ url: '/' });
      const etag = first.headers.etag;
      // Only when the web client answers conditional requests (an ETag on its document).
      if (typeof etag !== 'string') return;
      const again = await test.app.inject({ url: '/', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.headers['permissions-policy']).toBe(CLIENT_DOCUMENT);
    });

    it('gives a page of the server (sign-in) no camera, even as HTML', async () => {
      const response = await test.app.inject({
        url: '/security/login',
        headers: { accept: 'text/html' },
      });
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['permissions-policy']).toBe(EVERY_RESPONSE);
    });
  });

  it("lets no page set a <base> (CSP base-uri 'none')", async () => {
    const response = await test.app.inject({ url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toContain("base-uri 'self'");
  });

  it('shows images from our origin, data: and blob: only (the phone review previews are blob: URLs)', async () => {
    const response = await test.app.inject({ url: '/' });
    const imgSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob:");
  });

  describe('Cache-Control: no-store where answers may carry personal data', () => {
    it('on creating an application and saving its ownership step', async () => {
      const created = await test.app.inject({
        method: 'POST',
        url: '/service/jaxrs/applications',
        headers: { authorization: `Bearer ${person.token}` },
      });
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');

      const application = await createApplication(test.app, person.token);
      const saved = await putStep(
        test.app,
        person.token,
        application.id,
        'ownership',
        application.version,
        { ownershipTypeId: 1 },
      );
      expect(saved.statusCode).toBe(200);
      expect(saved.headers['cache-control']).toBe('no-store');
    });

    it('on registering, and on refusals under /security and /service/jaxrs', async () => {
      const { response } = await registerUser(test.app);
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');

      const refused = await test.app.inject({
        url: '/service/jaxrs/applications',
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    });

    it("keeps a route's own choice: the reference lists keep their max-age and ETag", async () => {
      const response = await test.app.inject({ url: '/service/jaxrs/references/countries' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('max-age=');
      expect(response.headers['cache-control']).not.toContain('no-store');
      expect(response.headers.etag).toMatch(/^".+"$/);

      const documents = await test.app.inject({
        url: `/service/jaxrs/applications/${(await createApplication(test.app, person.token)).id}/documents`,
        headers: { authorization: `Bearer ${person.token}` },
      });
      expect(documents.headers['cache-control']).toBe('private, no-store');
    });

    it("leaves the client's files to their own caching", async () => {
      const asset = await test.app.inject({ url: '/assets/main-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await test.app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    });
  });
});
