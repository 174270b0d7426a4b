import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ADVISOR_PAGE_SIZE,
  EXPRESS_INVITATION_TTL_SECONDS,
  type investorInputSchema,
  type InvestorListItem,
  type InvestorView,
  type InvitationState,
  type InvitationView,
  type Page,
} from '@portal/domain/express/express-api';
import { accountsStepSchema } from '@portal/domain/rules/account-selection';
import { isCanadianPostalCode, normalizePostalCode } from '@portal/domain/rules/address';
import type { NamedAccountTypeName } from '@portal/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { countAttempt } from '../security/security.repo.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import * as repo from './advisor.repo.ts';
import { ExpressRefusal } from './express-refusal.ts';
import {
  EXPRESS_INVITATION_TEMPLATE,
  expressActionLink,
  expressInvitationMail,
} from './express-invitation-mail.ts';

const notFound = () => new ExpressRefusal(404, 'notFound');

/**
 * An address that belongs to staff, or to another advisor's investor or client, is never
 * invited from here (issue 30, B-F8: the invitation would be a phishing relay from inside).
 * One refusal for every case, which does not say which.
 */
async function assertInvitable(db: Database, advisorId: string, email: string): Promise<void> {
  if (await repo.addressHeldElsewhere(db, advisorId, email)) {
    throw new ExpressRefusal(409, 'addressNotInvitable');
  }
}

/** Sends per advisor per hour: a book is mailed one person at a time, never in bulk. */
export const INVITATIONS_PER_ADVISOR_PER_HOUR = 60;
const HOUR_MS = 3_600_000;

export type InvestorDetails = z.output<typeof investorInputSchema>;

/** The details' cipher context: bound to the investor's row. */
export const detailsContext = (id: string) => `advisor_investors:${id}:details`;

export function detailsOf(cipher: FieldCipher, row: repo.InvestorRow): InvestorDetails {
  return JSON.parse(
    cipher.decrypt(row.detailsEncrypted, detailsContext(row.id)),
  ) as InvestorDetails;
}

/**
 * The stored form: postal codes as `A1A 1A1`, so confirmation compares like with like. A postal
 * code that is not Canadian, or a birth date that is not a past day, could never confirm
 * anyone: refused here rather than found out by the invitee.
 */
function normalized(input: InvestorDetails): InvestorDetails {
  const fields: Record<string, string> = {};
  for (const [path, value] of [
    ['postalCode', input.postalCode],
    ['address.postalCode', input.address?.postalCode],
  ] as const) {
    if (value !== undefined && !isCanadianPostalCode(normalizePostalCode(value))) {
      fields[path] = 'invalid';
    }
  }
  if (input.birthDate !== undefined) {
    const day = new Date(`${input.birthDate}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== input.birthDate) {
      fields.birthDate = 'invalid';
    } else if (day.getTime() > Date.now()) fields.birthDate = 'invalid';
  }
  if (Object.keys(fields).length > 0) throw new ExpressRefusal(400, 'invalidInput', { fields });
  return {
    ...input,
    ...(input.postalCode !== undefined && { postalCode: normalizePostalCode(input.postalCode) }),
    ...(input.address && {
      address: { ...input.address, postalCode: normalizePostalCode(input.address.postalCode) },
    }),
  };
}

/** The keyed hash of an invitation token: the only trace of it kept (the token is the secret). */
export const tokenHashOf = (cipher: FieldCipher, token: string) =>
  cipher.mac('express-invitation', createHash('sha256').update(token).digest());
/** The invitation's token hash under each live key (ADR 0043): it keeps its key until it ends. */
export const tokenHashesOf = (cipher: FieldCipher, token: string) =>
  cipher.macs('express-invitation', createHash('sha256').update(token).digest());

const submittedStatuses = new Set(['underReview', 'requiresReview', 'approved', 'declined']);

/** The state the advisor sees, from the invitation's times and its application's status. */
export function invitationStateOf(
  row: repo.InvitationWithProgress,
  now: Date = new Date(),
): InvitationState {
  const { invitation, applicationStatus } = row;
  if (applicationStatus === 'approved') return 'approved';
  if (applicationStatus === 'declined') return 'declined';
  if (applicationStatus !== null && submittedStatuses.has(applicationStatus)) return 'submitted';
  if (invitation.startedAt) return 'started';
  if (invitation.voidedAt) return 'replaced';
  if (invitation.expiresAt <= now) return 'expired';
  return invitation.openedAt ? 'opened' : 'sent';
}

export function invitationView(row: repo.InvitationWithProgress, now = new Date()): InvitationView {
  const { invitation } = row;
  const state = invitationStateOf(row, now);
  const submitted = ['submitted', 'approved', 'declined'].includes(state);
  return {
    id: invitation.id,
    investorId: invitation.investorId,
    investorName: `${row.investor.firstName} ${row.investor.lastName}`,
    accountTypes: invitation.accountTypes as NamedAccountTypeName[],
    state,
    sentAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    openedAt: invitation.openedAt?.toISOString() ?? null,
    startedAt: invitation.startedAt?.toISOString() ?? null,
    submittedAt: submitted ? (row.submittedAt?.toISOString() ?? null) : null,
  };
}

function listItemOf(
  row: repo.InvestorRow,
  latest: repo.InvitationWithProgress | undefined,
): InvestorListItem {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    latestInvitation: latest ? invitationView(latest) : null,
  };
}

export interface AdvisorDeps {
  db: Database;
  cipher: FieldCipher;
}

export async function searchInvestors(
  { db }: AdvisorDeps,
  advisorId: string,
  { search, page }: { search?: string; page: number },
): Promise<Page<InvestorListItem>> {
  const pageSize = ADVISOR_PAGE_SIZE;
  const { rows, total } = await repo.searchInvestors(db, advisorId, { search, page, pageSize });
  const invitations = await repo.invitationsOfInvestors(
    db,
    rows.map((row) => row.id),
  );
  const latest = new Map<string, repo.InvitationWithProgress>();
  for (const invitation of invitations) {
    if (!latest.has(invitation.invitation.investorId)) {
      latest.set(invitation.invitation.investorId, invitation);
    }
  }
  return {
    items: rows.map((row) => listItemOf(row, latest.get(row.id))),
    page,
    pageSize,
    total,
  };
}

export async function getInvestor(
  { db, cipher }: AdvisorDeps,
  advisorId: string,
  id: string,
): Promise<InvestorView> {
  const row = await repo.findInvestor(db, advisorId, id);
  if (!row) throw notFound();
  return viewOf(db, cipher, row);
}

async function viewOf(db: Database, cipher: FieldCipher, row: repo.InvestorRow) {
  const invitations = await repo.invitationsOfInvestors(db, [row.id]);
  return {
    ...listItemOf(row, invitations[0]),
    details: detailsOf(cipher, row),
    invitations: invitations.map((invitation) => invitationView(invitation)),
  };
}

export async function addInvestor(
  { db, cipher }: AdvisorDeps,
  advisorId: string,
  input: InvestorDetails,
): Promise<InvestorView> {
  const details = normalized(input);
  await assertInvitable(db, advisorId, details.email);
  const id = randomUUID();
  const row = await repo.insertInvestor(db, {
    id,
    advisorId,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    language: details.language,
    detailsEncrypted: cipher.encrypt(JSON.stringify(details), detailsContext(id)),
  });
  if (!row) throw new ExpressRefusal(409, 'investorExists');
  return viewOf(db, cipher, row);
}

export async function updateInvestor(
  { db, cipher }: AdvisorDeps,
  advisorId: string,
  id: string,
  input: InvestorDetails,
): Promise<InvestorView> {
  const details = normalized(input);
  return db.transaction(async (tx) => {
    const row = await repo.findInvestor(tx, advisorId, id, { lock: true });
    if (!row) throw notFound();
    const other = await repo.findInvestorByEmail(tx, advisorId, details.email);
    if (other && other.id !== id) throw new ExpressRefusal(409, 'investorExists');
    await assertInvitable(tx, advisorId, details.email);
    const updated = await repo.updateInvestor(tx, id, {
      firstName: details.firstName,
      lastName: details.lastName,
      email: details.email,
      language: details.language,
      detailsEncrypted: cipher.encrypt(JSON.stringify(details), detailsContext(id)),
      updatedAt: new Date(),
    });
    return viewOf(tx, cipher, updated);
  });
}

export interface SendOptions {
  advisor: { id: string; firstName: string; lastName: string };
  investorId: string;
  accountTypes: string[];
  publicUrl: string;
  ttlSeconds?: number;
  now?: Date;
}

/**
 * Sends an invitation: a new random token (only its keyed hash kept), the investor's live
 * invitations voided, and the mail queued, all in one transaction so a voided link always has
 * its replacement on the way.
 */
export async function sendInvitation(
  { db, cipher }: AdvisorDeps,
  { advisor, investorId, accountTypes, publicUrl, ttlSeconds, now = new Date() }: SendOptions,
): Promise<InvitationView> {
  const chosen = accountsStepSchema({ ownershipTypeId: 1 }).safeParse({ accounts: accountTypes });
  if (!chosen.success || chosen.data.accounts.length === 0) {
    const fields: Record<string, string> = {};
    for (const issue of chosen.error?.issues ?? []) {
      fields[['accountTypes', ...issue.path.slice(1)].join('.')] ??= issue.message;
    }
    throw new ExpressRefusal(400, 'invalidInput', {
      fields: Object.keys(fields).length > 0 ? fields : { accountTypes: 'required' },
    });
  }
  const found = await repo.findInvestor(db, advisor.id, investorId);
  if (!found) throw notFound();
  // Checked again at sending: the address may have become staff's or another advisor's since.
  await assertInvitable(db, advisor.id, found.email);
  const counted = await countAttempt(db, `express-send:${advisor.id}`, {
    now,
    windowStart: new Date(now.getTime() - HOUR_MS),
    limit: INVITATIONS_PER_ADVISOR_PER_HOUR,
    lockUntil: new Date(now.getTime() + HOUR_MS),
  });
  if (counted.lockedUntil && counted.lockedUntil > now) {
    throw new ExpressRefusal(429, 'tooManyInvitations', {
      retryAfterSeconds: Math.ceil((counted.lockedUntil.getTime() - now.getTime()) / 1000),
    });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (ttlSeconds ?? EXPRESS_INVITATION_TTL_SECONDS) * 1000);
  const invitationId = await db.transaction(async (tx) => {
    const investor = await repo.findInvestor(tx, advisor.id, investorId, { lock: true });
    if (!investor) throw notFound();
    await repo.voidLiveInvitations(tx, investor.id, now);
    const invitation = await repo.insertInvitation(tx, {
      investorId: investor.id,
      advisorId: advisor.id,
      tokenHash: tokenHashOf(cipher, token),
      accountTypes: chosen.data.accounts,
      createdAt: now,
      expiresAt,
    });
    const language = investor.language === 'fr' ? 'fr' : 'en';
    await enqueueMessage(tx, cipher, {
      channel: 'email',
      recipient: investor.email,
      language,
      template: EXPRESS_INVITATION_TEMPLATE,
      content: expressInvitationMail({
        language,
        advisorName: `${advisor.firstName} ${advisor.lastName}`,
        investorFirstName: investor.firstName,
        accountTypes: chosen.data.accounts,
        link: expressActionLink(publicUrl, token),
        expiresAt,
      }),
    });
    return invitation.id;
  });
  const row = await repo.invitationById(db, invitationId);
  if (!row) throw new Error('invitation vanished');
  return invitationView(row, now);
}

export async function listInvitations(
  { db }: AdvisorDeps,
  advisorId: string,
  page: number,
): Promise<Page<InvitationView>> {
  const pageSize = ADVISOR_PAGE_SIZE;
  const { rows, total } = await repo.listInvitations(db, advisorId, { page, pageSize });
  return { items: rows.map((row) => invitationView(row)), page, pageSize, total };
}
