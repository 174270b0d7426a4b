import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MailboxSecretError,
  mailboxAccess,
  mailboxAddress,
  resolveMailboxSecret,
} from './sandbox-mailbox-access.ts';

const appSecret = 'test-secret-test-secret-test-secret-0001';

describe('the sandbox mailbox secret (issue 30 item 3)', () => {
  it('is generated once into its file, mode 0600, and read back on the next start', () => {
    const file = path.join(
      mkdtempSync(path.join(tmpdir(), 'mailbox-secret-')),
      'sandbox-mailbox.secret',
    );
    const first = resolveMailboxSecret({ kind: 'file', path: file }, appSecret);
    expect(first.origin).toBe('file');
    expect(first.secret).toMatch(/^[\w-]{43}$/);
    expect(readFileSync(file, 'utf8')).toBe(`${first.secret}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveMailboxSecret({ kind: 'file', path: file }, appSecret)).toEqual(first);
  });

  it('refuses a file or a given secret too short to guard anything, without repeating it', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mailbox-secret-')), 'short.secret');
    writeFileSync(file, 'hunter2\n');
    expect(() => resolveMailboxSecret({ kind: 'file', path: file }, appSecret)).toThrow(
      MailboxSecretError,
    );
    const given = () => resolveMailboxSecret({ kind: 'given', secret: 'hunter2' }, appSecret);
    expect(given).toThrow(/at least 32 characters/);
    expect(given).not.toThrow(/hunter2/);
  });

  it('accepts the secret and the cookie only, each where it belongs', () => {
    const secret = 'a-given-secret-of-at-least-thirty-two-chars';
    const access = mailboxAccess(secret);
    expect(access.acceptsSecret(secret)).toBe(true);
    expect(access.acceptsSecret(`${secret} `)).toBe(false);
    expect(access.acceptsSecret('')).toBe(false);
    expect(access.acceptsSecret(undefined)).toBe(false);
    expect(access.acceptsCookie(access.cookieValue)).toBe(true);
    expect(access.acceptsCookie(secret)).toBe(false);
    expect(access.acceptsSecret(access.cookieValue)).toBe(false);
    expect(mailboxAccess(`${secret}2`).acceptsCookie(access.cookieValue)).toBe(false);
  });

  it('puts the key in the address only when the server generated it', () => {
    const url = 'http://localhost:8080';
    expect(mailboxAddress(url, { secret: 's/1', origin: 'file' })).toBe(
      'http://localhost:8080/sandbox/mailbox?key=s%2F1',
    );
    expect(mailboxAddress(url, { secret: 's', origin: 'given' })).toBe(
      'http://localhost:8080/sandbox/mailbox',
    );
  });
});
