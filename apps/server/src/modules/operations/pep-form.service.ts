import {
  pepFormAnswersFor,
  pepFormAnswersSchema,
  pepFormStatusOf,
  type ApplicantRole,
  type PepFormAnswers,
  type PepFormStatus,
  type SavedSteps,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pepForms, reviewCases } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import {
  findParticipantApplication,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';
import * as documentsRepo from '../documents/documents.repo.ts';

/**
 * The applicant's side of the PEP/HIO form (issue 16; spec section 9): where it stands, whose
 * answers it needs, and its receipt, either as answers on screen (encrypted, bound to the row)
 * or as the completed PDF uploaded as a document. Either one marks the case's form received.
 * Only the application's owner or joint applicant reaches it; anyone else, and an application
 * with no form due, gets 404.
 */

export const PEP_FORM_DOCUMENT_TYPE = 'pepHioForm';

export interface PepFormView {
  status: PepFormStatus;
  people: ApplicantRole[];
  answers?: PepFormAnswers;
}

export interface PepFormDeps {
  db: Database;
  cipher: FieldCipher;
  now?: () => Date;
}

const answersContext = (applicationId: string) => `pep_forms:${applicationId}:answers`;
const notFound = () => new Refusal(404, 'notFound');

type Data = Record<string, unknown>;
const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};

/** Who must answer: each applicant who declared being a PEP or HIO, primary first. */
export function pepPeopleOf(steps: SavedSteps): ApplicantRole[] {
  const affiliations = record(record(steps.otherinterests).affiliations);
  return (['primary', 'joint'] as const).filter(
    (role) => record(affiliations[role]).isPep === true,
  );
}

async function dueFormOf(db: Database, userId: string, applicationId: string) {
  const participation = await findParticipantApplication(db, userId, applicationId);
  if (!participation || participation.status === 'declined') throw notFound();
  const [found] = await db
    .select()
    .from(reviewCases)
    .where(eq(reviewCases.applicationId, applicationId));
  if (!found?.pep || !found.pepFormDueOn) throw notFound();
  return { participation, reviewCase: found, dueOn: found.pepFormDueOn };
}

async function viewOf(
  deps: PepFormDeps,
  applicationId: string,
  reviewCase: {
    pepFormDueOn: string | null;
    pepFormReceivedAt: Date | null;
    pepRemindersSent: number;
  },
): Promise<PepFormView> {
  const people = pepPeopleOf(await savedStepsOf(deps.db, applicationId));
  const [form] = await deps.db
    .select({ answersEncrypted: pepForms.answersEncrypted })
    .from(pepForms)
    .where(eq(pepForms.applicationId, applicationId));
  const answers = form?.answersEncrypted
    ? pepFormAnswersSchema.parse(
        JSON.parse(deps.cipher.decrypt(form.answersEncrypted, answersContext(applicationId))),
      )
    : undefined;
  return {
    status: pepFormStatusOf(
      {
        dueOn: reviewCase.pepFormDueOn!,
        receivedAt: reviewCase.pepFormReceivedAt,
        remindersSent: reviewCase.pepRemindersSent,
      },
      deps.now?.() ?? new Date(),
    ),
    people,
    ...(answers && { answers }),
  };
}

/** `GET applications/{id}/pepForm`. */
export async function pepFormOf(
  deps: PepFormDeps,
  userId: string,
  applicationId: string,
): Promise<PepFormView> {
  const { reviewCase } = await dueFormOf(deps.db, userId, applicationId);
  return viewOf(deps, applicationId, reviewCase);
}

function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return Object.fromEntries(
    issues.map((issue) => [issue.path.map(String).join('.'), issue.message]),
  );
}

/**
 * Files the form (answers or document) and marks the case received, once: a second filing
 * replaces what was filed, the first receipt's date stays.
 */
async function receive(
  deps: PepFormDeps,
  input: {
    userId: string;
    applicationId: string;
    answersEncrypted?: string;
    documentId?: string;
    via: 'answers' | 'upload';
  },
): Promise<PepFormView> {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const values = {
      applicationId: input.applicationId,
      submittedBy: input.userId,
      submittedAt: now,
      ...(input.answersEncrypted !== undefined && { answersEncrypted: input.answersEncrypted }),
      ...(input.documentId !== undefined && { documentId: input.documentId }),
    };
    await tx
      .insert(pepForms)
      .values(values)
      .onConflictDoUpdate({ target: pepForms.applicationId, set: values });
    await tx
      .update(reviewCases)
      .set({ pepFormReceivedAt: sql`coalesce(${reviewCases.pepFormReceivedAt}, ${now})` })
      .where(eq(reviewCases.applicationId, input.applicationId));
    await recordAuditEvent(tx, {
      applicationId: input.applicationId,
      actorId: input.userId,
      action: 'pepFormReceived',
      details: { via: input.via, ...(input.documentId && { documentId: input.documentId }) },
      createdAt: now,
    });
  });
  const { reviewCase } = await dueFormOf(deps.db, input.userId, input.applicationId);
  return viewOf(deps, input.applicationId, reviewCase);
}

/** `PUT applications/{id}/pepForm`: the answers given on screen (400 `invalid` with fields). */
export async function submitPepAnswers(
  deps: PepFormDeps,
  userId: string,
  applicationId: string,
  body: unknown,
): Promise<PepFormView> {
  await dueFormOf(deps.db, userId, applicationId);
  const people = pepPeopleOf(await savedStepsOf(deps.db, applicationId));
  const parsed = pepFormAnswersFor(people).safeParse(body);
  if (!parsed.success) {
    throw new Refusal(400, 'invalid', { fields: fieldsOf(parsed.error.issues) });
  }
  return receive(deps, {
    userId,
    applicationId,
    answersEncrypted: deps.cipher.encrypt(
      JSON.stringify(parsed.data),
      answersContext(applicationId),
    ),
    via: 'answers',
  });
}

/**
 * `POST applications/{id}/pepForm/upload`: the completed PDF, a `pepHioForm` document the
 * caller uploaded to this application (someone else's, or another type: 400 `invalid`).
 */
export async function submitPepUpload(
  deps: PepFormDeps,
  userId: string,
  applicationId: string,
  documentId: string,
): Promise<PepFormView> {
  await dueFormOf(deps.db, userId, applicationId);
  const document = await documentsRepo.findInApplication(deps.db, applicationId, documentId);
  if (
    !document ||
    document.uploadedBy !== userId ||
    document.documentType !== PEP_FORM_DOCUMENT_TYPE
  ) {
    throw new Refusal(400, 'invalid', { fields: { documentId: 'invalid' } });
  }
  return receive(deps, { userId, applicationId, documentId, via: 'upload' });
}

/** The blank form may be downloaded while one is due (same checks as the GET). */
export async function assertPepFormDue(
  db: Database,
  userId: string,
  applicationId: string,
): Promise<void> {
  await dueFormOf(db, userId, applicationId);
}
