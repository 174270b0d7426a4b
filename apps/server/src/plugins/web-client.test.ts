import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { securityHeaders } from './security-headers.ts';
import { webClient } from './web-client.ts';

const indexHtml = '<!doctype html><title>portal</title>';
// Over the 1 KB threshold, so it is served compressed to clients that accept it.
const mainJs = Array.from({ length: 200 }, (_, i) => `console.log('line ${i}');`).join('\n');
const mainCss = Array.from({ length: 100 }, (_, i) => `.rule-${i} { color: red; }`).join('\n');
const smallJs = 'console.log(1)';

/** A build folder inside a parent folder that holds a file the server must never reveal. */
function makeBuild(): { parent: string; dist: string } {
  const parent = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  const dist = path.join(parent, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(parent, 'package.json'), '{"name":"secret-outside-the-build"}');
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), mainJs);
  writeFileSync(path.join(dist, 'assets', 'main-abc123.css'), mainCss);
  writeFileSync(path.join(dist, 'assets', 'small-abc123.js'), smallJs);
  writeFileSync(path.join(dist, 'assets', 'gone-abc123.js'), 'console.log("gone")');
  return { parent, dist };
}

describe('serving the built web client', () => {
  let test: TestApp;
  let parent: string;
  let dist: string;

  beforeAll(async () => {
    ({ parent, dist } = makeBuild());
    test = await createTestApp({ webDistDir: dist });
    await test.app.webClientCompressed?.();
  });
  afterAll(async () => {
    await test.close();
    rmSync(parent, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers });

  it('serves index.html at / and at /index.html and asks browsers to revalidate it', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    }
  });

  it('lets browsers keep hashed assets for a year and revalidate other files', async () => {
    const asset = await get('/assets/small-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 without a body when the browser already holds the same version', async () => {
    const first = await get('/assets/main-abc123.css');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

    const again = await get('/assets/main-abc123.css', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const weak = await get('/assets/main-abc123.css', { 'if-none-match': `"other", W/${etag}` });
    expect(weak.statusCode).toBe(304);

    const stale = await get('/assets/main-abc123.css', { 'if-none-match': '"an-older-release"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(mainCss);
  });

  it('sends brotli when accepted, gzip otherwise, and the same content once decoded', async () => {
    const br = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(mainJs);

    const gzip = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(mainJs);

    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(mainJs);

    // Each representation has its own strong tag: a cache never mixes compressed and plain bytes.
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    const cached = await get('/assets/main-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });

  it('sends files under 1 KB as they are', async () => {
    const response = await get('/assets/small-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body).toBe(smallJs);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await test.app.inject({
      method: 'HEAD',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    const full = await get('/assets/main-abc123.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.etag).toBe(full.headers.etag);
    expect(response.headers['content-length']).toBe(full.headers['content-length']);
  });

  it('does not serve files outside the build, however the path is written', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%5cpackage.json',
    ]) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body, url).not.toContain('secret-outside-the-build');
    }
  });

  it('leaves paths that are not in the build to the not-found handler', async () => {
    const api = await get('/assets/missing.js');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ errorCode: 'notFound' });

    const page = await get('/no-such-page', { accept: 'text/html' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/#/not-found');
  });

  it('does not serve build metadata in dot folders', async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.statusCode).toBe(404);
  });

  it('reads the build once at start, never per request', async () => {
    unlinkSync(path.join(dist, 'assets', 'gone-abc123.js'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>changed on disk</title>');

    const deleted = await get('/assets/gone-abc123.js');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toBe('console.log("gone")');
    expect((await get('/')).body).toBe(indexHtml);
  });
});

describe('the web client plugin on its own', () => {
  const builds: string[] = [];
  afterAll(() => {
    for (const folder of builds) rmSync(folder, { recursive: true, force: true });
  });

  it('answers before the build is compressed, uncompressed but varying by encoding', async () => {
    const { parent, dist } = makeBuild();
    builds.push(parent);
    // Half a megabyte of varied text: Brotli's strongest level takes a good part of a second.
    const words = Array.from({ length: 40_000 }, (_, i) => `<p>${(i * 7919).toString(36)}</p>`);
    const longIndex = `<!doctype html><head></head><body>${words.join('')}</body>`;
    writeFileSync(path.join(dist, 'index.html'), longIndex);
    const app = Fastify();
    await app.register(webClient, { distDir: dist });
    await app.ready();
    // The compression has only just begun: the first answer cannot wait for it.
    const first = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.vary).toContain('Accept-Encoding');
    expect(first.body).toBe(longIndex);
    await app.webClientCompressed?.();
    const later = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(later.headers['content-encoding']).toBe('br');
    expect(later.headers.etag).not.toBe(first.headers.etag);
    await app.close();
  });

  it('applies transformIndexHtml once, before hashing and compressing', async () => {
    const { parent, dist } = makeBuild();
    builds.push(parent);
    const longIndex = `<!doctype html><head></head><body>${'<p>text</p>'.repeat(200)}</body>`;
    writeFileSync(path.join(dist, 'index.html'), longIndex);
    let calls = 0;
    const marker = '<meta name="portal-environment" content="sandbox">';
    const app = Fastify();
    await app.register(webClient, {
      distDir: dist,
      transformIndexHtml: (html) => {
        calls += 1;
        return html.replace('<head>', `<head>${marker}`);
      },
    });
    await app.webClientCompressed?.();
    const expected = longIndex.replace('<head>', `<head>${marker}`);

    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.body).toBe(expected);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(expected);
    const again = await app.inject({ method: 'GET', url: '/index.html' });
    expect(again.headers.etag).toBe(plain.headers.etag);
    expect(calls).toBe(1);
    await app.close();
  });

  it('warns and serves nothing when the client is not built', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    await app.register(webClient, { distDir: path.join(tmpdir(), 'portal-dist-never-built') });

    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    expect(lines.join('')).toContain('web client not built');
    await app.close();
  });
});

describe("the prerendered page in the person's language (ADR 0027)", () => {
  const script = "document.documentElement.setAttribute('data-screen','version')";
  const page = (lang: string, words: string) =>
    `<!doctype html><html lang="${lang}"><head><script>${script}</script>` +
    `<script type="module" src="/assets/main-abc123.js"></script></head>` +
    `<body>${`<p>${words}</p>`.repeat(100)}</body></html>`;
  const english = page('en-CA', 'About this application');
  const french = page('fr-CA', 'À propos de cette application');
  let parent: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ parent } = makeBuild());
    const dist = path.join(parent, 'dist');
    writeFileSync(path.join(dist, 'index.html'), english);
    writeFileSync(path.join(dist, 'index.fr.html'), french);
    app = Fastify();
    await app.register(securityHeaders);
    await app.register(cookie);
    await app.register(webClient, {
      distDir: dist,
      transformIndexHtml: (html) => html.replace('<head>', '<head><meta name="marker">'),
    });
    await app.webClientCompressed?.();
  });
  afterAll(async () => {
    await app.close();
    rmSync(parent, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends the French page when the lang cookie begins with fr, else the English one', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, english],
      [{ cookie: 'lang=en' }, english],
      [{ cookie: 'lang=fr' }, french],
      [{ cookie: 'partnerSkin=harbour; lang=fr-CA' }, french],
      [{ cookie: 'lang=FR' }, french],
      [{ cookie: 'xlang=fr' }, english],
      [{ cookie: 'lang=de' }, english],
    ];
    for (const url of ['/', '/index.html']) {
      for (const [headers, expected] of cases) {
        const response = await get(url, headers);
        expect(response.statusCode, `${url} ${headers.cookie}`).toBe(200);
        expect(response.body, `${url} ${headers.cookie}`).toBe(
          expected.replace('<head>', '<head><meta name="marker">'),
        );
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    }
  });

  it('speaks the language a mail link or a fr-CA browser asks for, and remembers it (A-minor 2)', async () => {
    const marked = (html: string) => html.replace('<head>', '<head><meta name="marker">');
    const linked = await get('/?lang=fr');
    expect(linked.body).toBe(marked(french));
    expect(linked.cookies).toContainEqual(
      expect.objectContaining({ name: 'lang', value: 'fr', path: '/', sameSite: 'Lax' }),
    );
    // The link's language wins over a cookie left by an earlier visit, and replaces it.
    const over = await get('/?lang=fr', { cookie: 'lang=en' });
    expect(over.body).toBe(marked(french));
    expect(over.cookies.find((c) => c.name === 'lang')?.value).toBe('fr');
    const browser = await get('/', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' });
    expect(browser.body).toBe(marked(french));
    expect(browser.cookies.find((c) => c.name === 'lang')?.value).toBe('fr');
    // A choice the person made (the cookie) is kept whatever the browser says.
    const chosen = await get('/', { cookie: 'lang=en', 'accept-language': 'fr-CA' });
    expect(chosen.body).toBe(marked(english));
    expect(chosen.cookies).toEqual([]);
    const englishBrowser = await get('/', { 'accept-language': 'en-US,en;q=0.9,fr;q=0.8' });
    expect(englishBrowser.body).toBe(marked(english));
  });

  it('tells caches the page varies by cookie, and tags each language and coding apart', async () => {
    const en = await get('/', { 'accept-encoding': 'br' });
    const fr = await get('/', { 'accept-encoding': 'br', cookie: 'lang=fr' });
    const frPlain = await get('/', { cookie: 'lang=fr' });
    for (const response of [en, fr, frPlain]) {
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    }
    expect(fr.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(fr.rawPayload).toString('utf8')).toContain('fr-CA');
    expect(new Set([en.headers.etag, fr.headers.etag, frPlain.headers.etag]).size).toBe(3);

    const cached = await get('/', {
      'accept-encoding': 'br',
      cookie: 'lang=fr',
      'if-none-match': fr.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
    // The English page's tag does not stand for the French page.
    const switched = await get('/', {
      'accept-encoding': 'br',
      cookie: 'lang=fr',
      'if-none-match': en.headers.etag as string,
    });
    expect(switched.statusCode).toBe(200);
  });

  it('lets the page run its inline script, by its hash, and nothing else inline', async () => {
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const response = await get('/', { cookie: 'lang=fr' });
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    expect(policy).toContain("default-src 'self'");

    const asset = await get('/assets/main-abc123.js');
    expect(String(asset.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it('keeps one page and no Vary: Cookie for a build without the French page', async () => {
    const { parent: other, dist } = makeBuild();
    const single = Fastify();
    await single.register(webClient, { distDir: dist });
    const response = await single.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'lang=fr' },
    });
    expect(response.body).toBe(indexHtml);
    expect(response.headers.vary).toBeUndefined();
    await single.close();
    rmSync(other, { recursive: true, force: true });
  });
});
