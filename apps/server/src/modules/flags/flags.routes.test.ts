import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFeatureFlags, readFlagFile } from '../../providers/flags/feature-flags.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const test of apps) await test.close();
});

async function flagsOf(overrides: Parameters<typeof createTestApp>[0]) {
  const test = await createTestApp(overrides);
  apps.push(test);
  const response = await test.app.inject({ url: '/service/jaxrs/flags' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /service/jaxrs/flags', () => {
  it('answers the flag file of the environment named by the host, without sign-in', async () => {
    expect(
      await flagsOf({ publicUrl: 'https://demo.laurentide.example', featureFlags: {} }),
    ).toEqual({
      environment: 'demo',
      flags: {
        'bypass-qualId': true,
        'rrif-funding-enabled': false,
        'disable-w9-esign-enabled': true,
        'demo-auth-codes': true,
      },
    });
    const production = await flagsOf({
      publicUrl: 'https://ouvrir.laurentide.example',
      featureFlags: {},
    });
    expect(production.environment).toBe('production');
    expect(production.flags['bypass-qualId']).toBe(false);
  });

  it('follows FLAG_ENVIRONMENT over the host name, and a test override over the file', async () => {
    const local = await flagsOf({ flagEnvironment: 'local', featureFlags: {} });
    expect(local).toMatchObject({ environment: 'local', flags: { 'bypass-qualId': false } });
    const overridden = await flagsOf({
      flagEnvironment: 'staging',
      featureFlags: { bypassQualId: true },
    });
    expect(overridden).toMatchObject({ environment: 'staging', flags: { 'bypass-qualId': true } });
  });
});

describe('the flag files', () => {
  it('bypass identity verification and answer the demo codes only in the demo environment', async () => {
    for (const environment of ['local', 'test', 'staging', 'production'] as const) {
      expect((await readFlagFile(environment))['bypass-qualId'], environment).toBe(false);
      expect((await readFlagFile(environment))['demo-auth-codes'], environment).toBe(false);
    }
    expect((await readFlagFile('demo'))['bypass-qualId']).toBe(true);
    expect((await readFlagFile('demo'))['demo-auth-codes']).toBe(true);
  });

  it('refuse a file that misses a flag, adds one, or is not JSON, naming the file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'flags-'));
    try {
      await writeFile(path.join(dir, 'test.json'), JSON.stringify({ 'bypass-qualId': true }));
      await expect(readFlagFile('test', dir)).rejects.toThrow(/test\.json.*rrif-funding-enabled/);
      await writeFile(
        path.join(dir, 'staging.json'),
        JSON.stringify({
          'bypass-qualId': false,
          'rrif-funding-enabled': false,
          'disable-w9-esign-enabled': false,
          'demo-auth-codes': false,
          'made-up': true,
        }),
      );
      await expect(readFlagFile('staging', dir)).rejects.toThrow(/staging\.json/);
      await writeFile(path.join(dir, 'demo.json'), '{ not json');
      await expect(createFeatureFlags({ environment: 'demo', dir })).rejects.toThrow(/demo\.json/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
