import type { SavedSteps } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { savedStepsOf } from '../applications/applications.service.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import {
  PRIMARY_TURN_TEMPLATE,
  primaryTurnMail,
  SIGNATURE_TURN_TEMPLATE,
  signatureTurnMail,
} from './esign-mail.ts';
import * as repo from './esign.repo.ts';

/**
 * The mails that tell a person it is their turn to sign (issue 12; issue 30, audit A-M2), each
 * queued in the outbox in the transaction of the status change that makes it their turn. The
 * status machine takes each such change once (a repeated webhook, status check or operations
 * decision finds it taken and queues nothing), and a transaction that rolls back takes its mail
 * with it: each person is told once. Who is told is never the person whose action made the
 * change: they are on the page that says what comes next.
 *
 * - The primary applicant, when the joint applicant's identity is confirmed (by the bureau's
 *   questions, the photo-ID vendor or operations): `primaryTurn`, to sign, or to confirm their
 *   own identity first.
 * - The joint applicant, once the primary has signed: `signatureTurn`.
 * - The primary applicant when the joint applicant joins: `jointJoined` (co-auth-code module).
 */

export interface TurnNoticeDeps {
  cipher: FieldCipher;
  /** The site's address, for the link in the mail; no link without it. */
  publicUrl?: string;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const nameOn = (profile: unknown) =>
  `${text(record(profile).firstName)} ${text(record(profile).lastName)}`.trim();
const languageOf = (language: string | undefined): MessageLanguage =>
  language === 'fr' ? 'fr' : 'en';

/** A screen of the application, as a link in a mail. */
export function applicationScreenUrl(
  publicUrl: string | undefined,
  applicationId: string,
  step: 'esign' | 'qualid',
): string | undefined {
  return publicUrl
    ? `${publicUrl}/#/application/${encodeURIComponent(applicationId)}/${step}`
    : undefined;
}

/** The joint applicant, once the primary applicant has signed: it is their turn to sign. */
export async function queueJointSignatureTurn(
  tx: Database,
  deps: TurnNoticeDeps,
  { applicationId, steps }: { applicationId: string; steps: SavedSteps },
): Promise<void> {
  const joint = (await repo.participantsOf(tx, applicationId)).joint;
  if (!joint) return;
  const language = languageOf(joint.language);
  await enqueueMessage(tx, deps.cipher, {
    channel: 'email',
    recipient: joint.email,
    language,
    template: SIGNATURE_TURN_TEMPLATE,
    content: signatureTurnMail(language, {
      firstName: text(record(steps.profilejoint).firstName),
      primaryName: nameOn(steps.profile),
      signUrl: applicationScreenUrl(deps.publicUrl, applicationId, 'esign'),
    }),
    applicationId,
  });
}

/**
 * The primary applicant, once the joint applicant's identity is confirmed and the application
 * waits for the primary's signature: to sign, or first to confirm their identity when it is
 * not confirmed yet (`primaryVerified`), with the link to the screen where they do it.
 */
export async function queuePrimaryTurn(
  tx: Database,
  deps: TurnNoticeDeps,
  { applicationId, primaryVerified }: { applicationId: string; primaryVerified: boolean },
): Promise<void> {
  const primary = (await repo.participantsOf(tx, applicationId)).primary;
  if (!primary) return;
  const steps = await savedStepsOf(tx, applicationId);
  const language = languageOf(primary.language);
  const turn = primaryVerified ? 'sign' : 'verifyIdentity';
  await enqueueMessage(tx, deps.cipher, {
    channel: 'email',
    recipient: primary.email,
    language,
    template: PRIMARY_TURN_TEMPLATE,
    content: primaryTurnMail(language, {
      firstName: text(record(steps.profile).firstName) || primary.firstName,
      jointName: nameOn(steps.profilejoint),
      turn,
      url: applicationScreenUrl(
        deps.publicUrl,
        applicationId,
        turn === 'sign' ? 'esign' : 'qualid',
      ),
    }),
    applicationId,
  });
}
