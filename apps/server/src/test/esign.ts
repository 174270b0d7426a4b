import type { FastifyInstance } from 'fastify';
import { applicant, complete } from '@portal/domain/rules/other-interests.fixtures';
import { agreeReview } from '../modules/identity/identity.fixtures.ts';
import { applicationAtOtherInterests, saveStep } from './applications.ts';
import type { TestUser } from './users.ts';

export { userIdOf } from '../modules/identity/identity.fixtures.ts';

/**
 * An application waiting for signatures: every answer saved through the API, the review agreed
 * (its answers written as the review step leaves them), and the status moved on as the review,
 * the joint applicant's code and identity steps would move it.
 */
export async function awaitingSignature(
  app: FastifyInstance,
  primary: TestUser,
  { joint, correspondenceLanguage = 1 }: { joint?: TestUser; correspondenceLanguage?: 1 | 2 } = {},
): Promise<string> {
  const atOtherInterests = await applicationAtOtherInterests(app, primary.token, {
    joint: joint !== undefined,
  });
  const id = atOtherInterests.id;
  const jointAnswers = joint
    ? {
        investmentExperience: { primary: 5, joint: 32 },
        investmentKnowledge: { primary: 2, joint: 1 },
        riskTolerance: { primary: 2, joint: 1 },
        investmentTimeHorizon: { primary: 3, joint: 3 },
        affiliations: {
          primary: applicant,
          joint: { ...applicant, taxResidences: [{ countryId: 1, tin: '193456787' }] },
        },
      }
    : {};
  await saveStep(app, primary.token, id, 'otherinterests', atOtherInterests.version, {
    ...complete,
    intendedUse: joint ? { cash: 1 } : { tfsa: 1 },
    correspondenceLanguage,
    ...jointAnswers,
  });
  await agreeReview(app, id, {
    primary,
    joint,
    events: joint
      ? ['reviewAgreedJoint', 'jointConsented', 'jointIdentityVerified']
      : ['reviewAgreedIndividual'],
  });
  return id;
}
