import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startLine } from './start-line.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the line npm start prints for a person (issue 30 items 3 and 15)', () => {
  it('names the portal, and the mailbox with its key when the server generated it', () => {
    expect(startLine('http://localhost:8080', null)).toBe(
      'Open http://localhost:8080 to use the portal (demo users and a test SIN in README.md).',
    );
    const generated = startLine('http://localhost:8080', { secret: 'a+b/c', origin: 'file' });
    expect(generated).toContain('http://localhost:8080/sandbox/mailbox?key=a%2Bb%2Fc');
    expect(generated).not.toContain('\n');
    const given = startLine('http://localhost:8080', { secret: 'operator', origin: 'given' });
    expect(given).toContain(
      'http://localhost:8080/sandbox/mailbox with the key in SANDBOX_MAILBOX_SECRET',
    );
    expect(given).not.toContain('operator');
  });

  it('prints the key on that line only, never in the JSON log', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-line-'));
    const start = () =>
      new Promise<string>((resolve, reject) => {
        const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: serverDir,
          env: {
            PATH: process.env.PATH,
            PORT: '0',
            LOG_LEVEL: 'info',
            DATA_DIR: dataDir,
            OUTBOX_POLL_MS: '0',
            SANDBOX_WEBHOOK_POLL_MS: '0',
          },
        });
        let output = '';
        server.stdout.setEncoding('utf8');
        server.stdout.on('data', (chunk: string) => {
          output += chunk;
          if (/^Open .*\n/m.test(output)) server.kill('SIGTERM');
        });
        server.on('error', reject);
        // 'close', not 'exit': output may still be arriving when the process has exited.
        server.on('close', () => resolve(output));
      });
    try {
      const output = await start();
      const key = readFileSync(path.join(dataDir, 'sandbox-mailbox.secret'), 'utf8').trim();
      expect(key.length).toBeGreaterThanOrEqual(32);
      const lines = output.split('\n').filter((line) => line !== '');
      const person = lines.filter((line) => line.startsWith('Open '));
      expect(person, output).toHaveLength(1);
      expect(person[0]).toMatch(/^Open http:\/\/localhost:\d+ to use the portal/);
      expect(person[0]).toContain(`/sandbox/mailbox?key=${encodeURIComponent(key)}`);
      const log = lines.filter((line) => line.startsWith('{'));
      expect(log.length, output).toBeGreaterThan(0);
      expect(log.join('\n')).not.toContain(key);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
