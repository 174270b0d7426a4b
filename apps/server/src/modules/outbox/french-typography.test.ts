import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailCodeMail } from '../security/account-mail.ts';

const modules = join(import.meta.dirname, '..');

/** The modules that write mails: `*-mail.ts`, `*-mail.locales.ts` and the shared layout. */
const mailSources = readdirSync(modules, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(modules, entry.name))
      .filter((name) => /(-mail|^mail-layout)(\.locales)?\.ts$/.test(name))
      .map((name) => join(entry.name, name)),
  );

describe('the mails write French as the catalogues do', () => {
  it('find the mail modules (the check itself works)', () => {
    expect(mailSources).toContain(join('security', 'account-mail.ts'));
    expect(mailSources.length).toBeGreaterThan(10);
  });

  it('use the straight apostrophe, never the curly one', () => {
    const curly = mailSources.filter((path) =>
      readFileSync(join(modules, path), 'utf8').includes('\u2019'),
    );
    expect(curly).toEqual([]);
  });

  it('put a no-break space before the colon of a link', () => {
    const mail = emailCodeMail('fr', {
      code: '399981',
      publicUrl: 'https://portal.example',
      minutes: 15,
    });
    expect(mail.text).toContain('Confirmer mon adresse\u00a0: https://portal.example/');
    const english = emailCodeMail('en', {
      code: '399981',
      publicUrl: 'https://portal.example',
      minutes: 15,
    });
    expect(english.text).toContain('Confirm my address: https://portal.example/');
  });
});
