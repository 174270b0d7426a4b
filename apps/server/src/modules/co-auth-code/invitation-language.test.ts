import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { applicationSteps, outboxMessages, users } from '../../db/schema.ts';
import { agreement, applicationAtReview, saveStep } from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import type { TestUser } from '../../test/users.ts';
import { contentContext, type MessageContent } from '../outbox/outbox.service.ts';
import { invitationLanguageOf } from './co-auth-code.service.ts';

describe('the language of the joint applicant’s invitation', () => {
  it('is the one the primary stated for the joint applicant on the joint profile', () => {
    expect(invitationLanguageOf({ profilejoint: { preferredLanguage: 'fr' } }, 'en')).toBe('fr');
    expect(invitationLanguageOf({ profilejoint: { preferredLanguage: 'en' } }, 'fr')).toBe('en');
  });

  it('falls back to the primary applicant’s own language when none was stated', () => {
    expect(invitationLanguageOf({ profilejoint: {} }, 'fr')).toBe('fr');
    expect(invitationLanguageOf({}, 'en')).toBe('en');
    expect(invitationLanguageOf({ profilejoint: { preferredLanguage: 'de' } }, 'en')).toBe('en');
  });
});

describe('agreeing to a joint review mails the invitation in the joint applicant’s language', () => {
  const { test, camille } = signedInTestApp('camille');

  async function invitationOf(app: FastifyInstance, applicationId: string) {
    const [row] = await app.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.applicationId, applicationId),
          eq(outboxMessages.template, 'jointInvitation'),
        ),
      );
    const content = JSON.parse(
      app.cipher.decrypt(row!.contentEncrypted, contentContext(row!.id)),
    ) as MessageContent;
    return { language: row!.language, content };
  }

  /** A joint application at review whose joint profile states `preferredLanguage` (or none), agreed. */
  async function agreedWith(user: TestUser, preferredLanguage?: 'en' | 'fr') {
    const application = await applicationAtReview(test.app, user.token, { joint: true });
    await test.app.db
      .update(applicationSteps)
      .set({
        data: preferredLanguage
          ? sql`${applicationSteps.data} || ${JSON.stringify({ preferredLanguage })}::jsonb`
          : sql`${applicationSteps.data} - 'preferredLanguage'`,
      })
      .where(
        and(
          eq(applicationSteps.applicationId, application.id),
          eq(applicationSteps.step, 'profilejoint'),
        ),
      );
    await saveStep(test.app, user.token, application.id, 'review', application.version, agreement);
    return invitationOf(test.app, application.id);
  }

  it('French for a joint applicant stated French, while the primary is English', async () => {
    const invitation = await agreedWith(camille, 'fr');
    expect(invitation.language).toBe('fr');
    expect(invitation.content.subject).toMatch(/vous invite à une demande de compte conjoint$/);
  });

  it('the primary applicant’s own language when the joint profile states none', async () => {
    await test.app.db
      .update(users)
      .set({ language: 'fr' })
      .where(eq(users.email, camille.email.toLowerCase()));
    const invitation = await agreedWith(camille);
    expect(invitation.language).toBe('fr');
    await test.app.db
      .update(users)
      .set({ language: 'en' })
      .where(eq(users.email, camille.email.toLowerCase()));
    expect((await agreedWith(camille)).language).toBe('en');
  });
});
