import { describe, expect, it } from 'vitest';
import { CUSTOMER_AGREEMENTS } from '@portal/domain/rules/agreement-documents';
import { ENGLISH_CHOICE_WORDING } from '@portal/domain/rules/agreement-language';
import {
  agreement,
  applicationAtReview,
  getApplication,
  MONTREAL_HOME,
  otherInterestsAnswers,
  putStep,
  saveStep,
  type ErrorBody,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';

const savedReview = async (app: Parameters<typeof getApplication>[0], token: string, id: string) =>
  (await getApplication(app, token, id)).json<{ steps: { review: Record<string, unknown> } }>()
    .steps.review;

describe('the language the agreements bind in (Charter of the French language s. 55)', () => {
  const { test, alice } = signedInTestApp('alice');

  it('refuses English for a Quebec applicant without the express choice', async () => {
    const application = await applicationAtReview(test.app, alice.token, {
      homeAddress: MONTREAL_HOME,
    });
    const response = await putStep(
      test.app,
      alice.token,
      application.id,
      'review',
      application.version,
      {
        ...agreement,
        boundLanguage: 'en',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({
      'data.expressEnglishChoice': 'englishChoiceRequired',
    });
  });

  it('records the express choice of English: document, version, hash, time and words shown', async () => {
    const application = await applicationAtReview(test.app, alice.token, {
      homeAddress: MONTREAL_HOME,
    });
    const before = Date.now();
    await saveStep(test.app, alice.token, application.id, 'review', application.version, {
      ...agreement,
      boundLanguage: 'en',
      expressEnglishChoice: true,
      // What a client says of its own is never kept: the server fills the record.
      agreement: { agreedAt: '2000-01-01T00:00:00.000Z', sha256: 'forged' },
    });
    const review = await savedReview(test.app, alice.token, application.id);
    const record = review.agreement as Record<string, unknown> & {
      agreedAt: string;
      englishChoice: { chosenAt: string; wording: object };
    };
    expect(record).toMatchObject({
      documentId: CUSTOMER_AGREEMENTS.id,
      version: CUSTOMER_AGREEMENTS.version,
      language: 'en',
      sha256: CUSTOMER_AGREEMENTS.sha256.en,
      frenchPresented: {
        documentId: CUSTOMER_AGREEMENTS.id,
        version: CUSTOMER_AGREEMENTS.version,
        sha256: CUSTOMER_AGREEMENTS.sha256.fr,
      },
      englishChoice: { wording: ENGLISH_CHOICE_WORDING },
    });
    expect(Date.parse(record.agreedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(record.englishChoice.chosenAt).toBe(record.agreedAt);
  });

  it('binds a Quebec applicant in French by default', async () => {
    const application = await applicationAtReview(test.app, alice.token, {
      homeAddress: MONTREAL_HOME,
    });
    await saveStep(test.app, alice.token, application.id, 'review', application.version, agreement);
    const review = await savedReview(test.app, alice.token, application.id);
    expect(review.agreement).toMatchObject({
      language: 'fr',
      sha256: CUSTOMER_AGREEMENTS.sha256.fr,
    });
    expect(review.agreement).not.toHaveProperty('englishChoice');
  });

  it('binds an applicant outside Quebec in the language they read, with no choice to make', async () => {
    const application = await applicationAtReview(test.app, alice.token);
    await saveStep(test.app, alice.token, application.id, 'review', application.version, {
      ...agreement,
      boundLanguage: 'en',
    });
    const review = await savedReview(test.app, alice.token, application.id);
    expect(review.agreement).toMatchObject({
      language: 'en',
      sha256: CUSTOMER_AGREEMENTS.sha256.en,
    });
    expect(review.agreement).not.toHaveProperty('frenchPresented');
  });
});

describe('a declined trusted contact (NI 31-103 s. 13.2)', () => {
  const { test, alice } = signedInTestApp('alice');

  it('is recorded with the time of the first decline, which later saves keep', async () => {
    const application = await applicationAtReview(test.app, alice.token);
    // The shared answers decline a trusted contact.
    const answers = otherInterestsAnswers();
    const declining = {
      ...answers,
      affiliations: {
        primary: {
          ...answers.affiliations.primary,
          wantsTrustedContact: false,
          trustedContact: undefined,
        },
      },
    };
    const before = Date.now();
    const first = await saveStep(
      test.app,
      alice.token,
      application.id,
      'otherinterests',
      application.version,
      {
        ...declining,
        affiliations: {
          primary: {
            ...declining.affiliations.primary,
            trustedContactDeclinedAt: '2000-01-01T00:00:00Z',
          },
        },
      },
    );
    const declinedAt = (await getApplication(test.app, alice.token, application.id)).json<{
      steps: {
        otherinterests: { affiliations: { primary: { trustedContactDeclinedAt: string } } };
      };
    }>().steps.otherinterests.affiliations.primary.trustedContactDeclinedAt;
    expect(Date.parse(declinedAt)).toBeGreaterThanOrEqual(before - 1000);

    const again = await saveStep(
      test.app,
      alice.token,
      application.id,
      'otherinterests',
      first.version,
      declining,
    );
    const kept = (await getApplication(test.app, alice.token, application.id)).json<{
      steps: { otherinterests: { affiliations: { primary: Record<string, unknown> } } };
    }>().steps.otherinterests.affiliations.primary;
    expect(kept.trustedContactDeclinedAt).toBe(declinedAt);

    const naming = {
      ...answers,
      affiliations: {
        primary: {
          ...answers.affiliations.primary,
          wantsTrustedContact: true,
          trustedContact: {
            firstName: 'Marie',
            lastName: 'Gagnon',
            relationship: 4,
            email: 'marie@example.ca',
            phone: '514-555-0199',
          },
        },
      },
    };
    await saveStep(test.app, alice.token, application.id, 'otherinterests', again.version, naming);
    const named = (await getApplication(test.app, alice.token, application.id)).json<{
      steps: { otherinterests: { affiliations: { primary: Record<string, unknown> } } };
    }>().steps.otherinterests.affiliations.primary;
    expect(named).not.toHaveProperty('trustedContactDeclinedAt');
  });
});
