import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RealVendors } from './app.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Issue 11 hole 3: sandbox vendors are an explicit mode. Off, the server refuses to start while
 * a vendor role lacks a real adapter; with every role real, no sandbox page exists; on, every
 * page says it is a demonstration.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Stand-ins for real vendors: what matters here is that none of them is a sandbox. */
const realVendors: RealVendors = {
  mail: { send: async () => {} },
  sms: { send: async () => {} },
  esign: {
    name: 'test-vendor',
    createEnvelope: async () => ({ envelopeId: 'e', signingUrl: 'https://vendor.example/e' }),
    envelopeStatus: async () => 'pending',
    signingUrl: async () => null,
    signedDocument: async () => null,
    discard: async () => {},
  },
  addressLookup: { name: 'test-vendor', find: async () => [], retrieve: async () => null },
  creditBureau: {
    name: 'test-vendor',
    matchFile: async () => ({ outcome: 'noMatch' as const }),
    checkAnswers: async () => 'failed',
  },
  documentVerification: {
    name: 'test-vendor',
    submit: async () => ({ vendorReference: 'r' }),
    decisionOf: async () => undefined,
  },
  bankConnection: {
    name: 'test-vendor',
    delivery: 'webhook',
    connectUrl: async () => 'https://vendor.example/connect',
    authorize: async () => ({ status: 'pending' as const }),
  },
  bank: {
    transportName: 'test-vendor',
    encrypted: false,
    seal: async () => {
      throw new Error('not in these tests');
    },
    deliver: async () => {
      throw new Error('not in these tests');
    },
    listReturns: async () => [],
    fetchReturn: async () => new Uint8Array(),
    acknowledgeReturn: async () => {},
  },
};

const sandboxPages = [
  '/sandbox/mailbox',
  '/sandbox/mailbox/messages?to=someone@example.com',
  '/sandbox/esign/00000000-0000-4000-8000-000000000000',
  '/sandbox/bank-connection/connect?request=00000000-0000-4000-8000-000000000000&lang=en',
  '/sandbox/bank/clock',
];

describe('sandbox vendors as an explicit mode', () => {
  it('refuses to build without sandboxes while a role has no real adapter, naming it', async () => {
    await expect(createTestApp({ sandboxVendors: false })).rejects.toThrow(/SANDBOX_VENDORS/);
    await expect(
      createTestApp({ sandboxVendors: false }, { vendors: { ...realVendors, esign: undefined } }),
    ).rejects.toThrow(/e-signature/);
    await expect(
      createTestApp(
        { sandboxVendors: false },
        { vendors: { ...realVendors, creditBureau: undefined, documentVerification: undefined } },
      ),
    ).rejects.toThrow(/credit bureau.*photo-ID and selfie/);
    await expect(
      createTestApp(
        { sandboxVendors: false },
        { vendors: { ...realVendors, bankConnection: undefined, bank: undefined } },
      ),
    ).rejects.toThrow(/bank connection.*bank EFT\/PAD processing/);
  });

  it('serves no sandbox page and no banner once every role has a real adapter', async () => {
    const test = await createTestApp({ sandboxVendors: false }, { vendors: realVendors });
    try {
      for (const url of sandboxPages) {
        const response = await test.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
      }
      const signIn = await test.app.inject({ url: '/security/login' });
      expect(signIn.body).not.toContain('Demonstration environment');
    } finally {
      await test.close();
    }
  });

  it('says so on every server page while sandboxes are on, in the page’s language', async () => {
    const test = await createTestApp();
    try {
      const english = await test.app.inject({ url: '/security/login' });
      expect(english.body).toContain(
        '<section class="sandbox-banner" aria-label="Demonstration environment"',
      );
      expect(english.body).toContain('href="/sandbox/mailbox"');
      const french = await test.app.inject({ url: '/security/login?lang=fr' });
      expect(french.body).toContain(
        '<strong>Environnement de démonstration :</strong> aucun compte',
      );
      const mailbox = await test.app.inject({ url: '/sandbox/mailbox' });
      expect(mailbox.body).toContain('Demonstration environment');
    } finally {
      await test.close();
    }
  });

  it('stops a server on PostgreSQL without SANDBOX_VENDORS before it serves anything', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        LOG_LEVEL: 'silent',
        // Never reached: the configuration is refused before any connection.
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/never',
        DATA_ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      },
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('SANDBOX_VENDORS=true');
    expect(started.stderr).toContain('e-signature');
    expect(started.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
