import { describe, expect, it } from 'vitest';
import { ConfigError, defaultMailFrom, loadConfig, mailConfigOf } from '../../config.ts';

describe('mail settings (SMTP_URL, MAIL_FROM, OUTBOX_POLL_MS)', () => {
  it('defaults to the sandbox mailbox, polled every second', () => {
    const mail = mailConfigOf(loadConfig({}));
    expect(mail).toEqual({ from: defaultMailFrom, pollMs: 1000, sandboxMailbox: true });
  });

  it('sends through SMTP from MAIL_FROM when SMTP_URL is given, with no sandbox mailbox', () => {
    const mail = mailConfigOf(
      loadConfig({
        SMTP_URL: 'smtps://portal:s3cret@smtp.example.ca:465',
        MAIL_FROM: 'Placements Laurentide <no-reply@laurentide.example>',
        OUTBOX_POLL_MS: '250',
      }),
    );
    expect(mail).toEqual({
      smtpUrl: 'smtps://portal:s3cret@smtp.example.ca:465',
      from: 'Placements Laurentide <no-reply@laurentide.example>',
      pollMs: 250,
      sandboxMailbox: false,
    });
  });

  it('lets OUTBOX_POLL_MS=0 turn the dispatcher off, and an empty SMTP_URL mean unset', () => {
    const mail = mailConfigOf(loadConfig({ OUTBOX_POLL_MS: '0', SMTP_URL: '', MAIL_FROM: '' }));
    expect(mail).toEqual({ from: defaultMailFrom, pollMs: 0, sandboxMailbox: true });
  });

  it('requires MAIL_FROM with SMTP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.ca:587' })).toThrow(
      /MAIL_FROM is required with SMTP_URL/,
    );
  });

  it('refuses invalid values, naming the variable and never repeating the password', () => {
    const invalid = [
      { SMTP_URL: 'https://user:hunter2-secret@smtp.example.ca' },
      { SMTP_URL: 'not a url hunter2-secret' },
      { MAIL_FROM: 'nobody' },
      { OUTBOX_POLL_MS: '-5' },
    ];
    for (const environment of invalid) {
      const [name] = Object.keys(environment);
      let error: unknown;
      try {
        loadConfig(environment);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect(String(error)).toContain(String(name));
      expect(String(error)).not.toContain('hunter2');
    }
  });

  it('builds in code without mail settings (the tests): sandbox, no polling', () => {
    expect(mailConfigOf({})).toEqual({
      from: defaultMailFrom,
      pollMs: 0,
      sandboxMailbox: true,
    });
  });
});
