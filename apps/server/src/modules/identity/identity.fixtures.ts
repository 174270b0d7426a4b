import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ApplicationEvent } from '@portal/domain';
import { applicationSteps, users } from '../../db/schema.ts';
import { applicationAtReview } from '../../test/applications.ts';
import type { TestUser } from '../../test/users.ts';
import { applyApplicationEvent } from '../applications/applications.service.ts';

/** Test set-ups of the identity module (an application past its review, whose profile says who). */

export async function userIdOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, user.email.toLowerCase()));
  return row!.id;
}

/** Changes the saved profile's last name (the sandbox bureau's documented inputs). */
export async function renameProfile(
  app: FastifyInstance,
  id: string,
  step: string,
  lastName: string,
) {
  await app.db.execute(
    sql`update application_steps set data = jsonb_set(data, '{lastName}', to_jsonb(${lastName}::text))
        where application_id = ${id} and step = ${step}`,
  );
}

/**
 * An application past its review: individual at esignatureRequired; joint (with `joint` having
 * joined with their code) at jointEidUndetermined.
 */
export async function agreedApplication(
  app: FastifyInstance,
  primary: TestUser,
  { joint, lastName }: { joint?: TestUser; lastName?: string } = {},
): Promise<string> {
  const atReview = await applicationAtReview(app, primary.token, { joint: joint !== undefined });
  const id = atReview.id;
  if (lastName) await renameProfile(app, id, 'profile', lastName);
  await agreeReview(app, id, {
    primary,
    joint,
    events: joint ? ['reviewAgreedJoint', 'jointConsented'] : ['reviewAgreedIndividual'],
  });
  return id;
}

/**
 * The review agreed, its answers written as the review step leaves them, and the status moved
 * on by `events` as the review, the joint applicant's code and identity steps would move it.
 */
export async function agreeReview(
  app: FastifyInstance,
  id: string,
  { primary, joint, events }: { primary: TestUser; joint?: TestUser; events: ApplicationEvent[] },
): Promise<void> {
  await app.db.insert(applicationSteps).values({
    applicationId: id,
    step: 'review',
    data: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
  });
  const primaryId = await userIdOf(app, primary);
  const jointUserId = joint ? await userIdOf(app, joint) : undefined;
  await app.db.transaction(async (tx) => {
    for (const event of events) {
      await applyApplicationEvent(tx, {
        applicationId: id,
        actorId: primaryId,
        event,
        ...(event === 'jointConsented' && jointUserId ? { jointUserId } : {}),
      });
    }
  });
}
