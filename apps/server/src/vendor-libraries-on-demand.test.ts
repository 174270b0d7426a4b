import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe("the vendors' libraries", () => {
  it('are not loaded by the server until their role is configured (twilio alone costs ~150 ms at start, docusign-esign more)', () => {
    // A process of its own: this worker's module cache holds whatever other tests loaded.
    const script = `
      import { createRequire } from 'node:module';
      await import('./src/app.ts');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify(loaded.filter((file) => /node_modules[\\\\/](twilio|docusign-esign|@onfido[\\\\/]api)[\\\\/]/.test(file)).length));
    `;
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: serverRoot, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } },
    );
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? 'null')).toBe(0);
  }, 60_000);
});
