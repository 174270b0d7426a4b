import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  advisorInvestors,
  applications,
  expressInvitations,
  reviewCases,
  users,
} from '../../db/schema.ts';

export type InvestorRow = typeof advisorInvestors.$inferSelect;
export type InvitationRow = typeof expressInvitations.$inferSelect;

/** An invitation with what its state is derived from: the application's status and submission. */
export interface InvitationWithProgress {
  invitation: InvitationRow;
  investor: Pick<InvestorRow, 'firstName' | 'lastName'>;
  applicationStatus: string | null;
  submittedAt: Date | null;
}

// Accents are folded on both sides, so "Elise" finds "Élise" and "cote" finds "Côté".
const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyy';
export const foldAccents = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
const folded = (column: AnyPgColumn) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(advisorId: string, search: string | undefined): SQL | undefined {
  const mine = eq(advisorInvestors.advisorId, advisorId);
  const words = foldAccents(search ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return mine;
  return and(
    mine,
    ...words.map((word) => {
      const pattern = likePattern(word);
      return or(
        sql`${folded(advisorInvestors.firstName)} like ${pattern}`,
        sql`${folded(advisorInvestors.lastName)} like ${pattern}`,
        ilike(advisorInvestors.email, pattern),
      );
    }),
  );
}

export async function searchInvestors(
  db: Database,
  advisorId: string,
  { search, page, pageSize }: { search?: string; page: number; pageSize: number },
): Promise<{ rows: InvestorRow[]; total: number }> {
  const where = searchCondition(advisorId, search);
  const [counted] = await db.select({ total: count() }).from(advisorInvestors).where(where);
  const rows = await db
    .select()
    .from(advisorInvestors)
    .where(where)
    .orderBy(
      asc(folded(advisorInvestors.lastName)),
      asc(folded(advisorInvestors.firstName)),
      asc(advisorInvestors.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: counted?.total ?? 0 };
}

export async function findInvestor(
  db: Database,
  advisorId: string,
  id: string,
  { lock = false } = {},
): Promise<InvestorRow | undefined> {
  const query = db
    .select()
    .from(advisorInvestors)
    .where(and(eq(advisorInvestors.id, id), eq(advisorInvestors.advisorId, advisorId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findInvestorByEmail(
  db: Database,
  advisorId: string,
  email: string,
): Promise<InvestorRow | undefined> {
  const [row] = await db
    .select()
    .from(advisorInvestors)
    .where(and(eq(advisorInvestors.advisorId, advisorId), eq(advisorInvestors.email, email)));
  return row;
}

/**
 * Whether an address (lower-cased) is someone this advisor may not invite: a staff member or
 * an advisor, an investor in another advisor's book, or a client who joined through another
 * advisor's invitation.
 */
export async function addressHeldElsewhere(
  db: Database,
  advisorId: string,
  email: string,
): Promise<boolean> {
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), inArray(users.role, ['staff', 'advisor'])))
    .limit(1);
  if (staff) return true;
  const [investor] = await db
    .select({ id: advisorInvestors.id })
    .from(advisorInvestors)
    .where(and(eq(advisorInvestors.email, email), ne(advisorInvestors.advisorId, advisorId)))
    .limit(1);
  if (investor) return true;
  const [client] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(expressInvitations, eq(expressInvitations.acceptedBy, users.id))
    .where(and(eq(users.email, email), ne(expressInvitations.advisorId, advisorId)))
    .limit(1);
  return client !== undefined;
}

export async function insertInvestor(
  db: Database,
  row: typeof advisorInvestors.$inferInsert,
): Promise<InvestorRow | undefined> {
  const [inserted] = await db
    .insert(advisorInvestors)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return inserted;
}

export async function updateInvestor(
  db: Database,
  id: string,
  values: Partial<typeof advisorInvestors.$inferInsert>,
): Promise<InvestorRow> {
  const [row] = await db
    .update(advisorInvestors)
    .set(values)
    .where(eq(advisorInvestors.id, id))
    .returning();
  if (!row) throw new Error('investor vanished');
  return row;
}

/** Voids the investor's invitations still waiting to be accepted (a newer one replaces them). */
export async function voidLiveInvitations(db: Database, investorId: string, now: Date) {
  await db
    .update(expressInvitations)
    .set({ voidedAt: now })
    .where(
      and(
        eq(expressInvitations.investorId, investorId),
        isNull(expressInvitations.voidedAt),
        isNull(expressInvitations.acceptedBy),
        sql`${expressInvitations.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
}

export async function insertInvitation(
  db: Database,
  row: typeof expressInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [inserted] = await db.insert(expressInvitations).values(row).returning();
  if (!inserted) throw new Error('invitation insert returned nothing');
  return inserted;
}

const progressColumns = {
  invitation: expressInvitations,
  investor: { firstName: advisorInvestors.firstName, lastName: advisorInvestors.lastName },
  applicationStatus: applications.status,
  submittedAt: reviewCases.submittedAt,
};

function progressQuery(db: Database) {
  return db
    .select(progressColumns)
    .from(expressInvitations)
    .innerJoin(advisorInvestors, eq(advisorInvestors.id, expressInvitations.investorId))
    .leftJoin(applications, eq(applications.id, expressInvitations.applicationId))
    .leftJoin(reviewCases, eq(reviewCases.applicationId, expressInvitations.applicationId));
}

/** An advisor's invitations, newest first, one page. */
export async function listInvitations(
  db: Database,
  advisorId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: InvitationWithProgress[]; total: number }> {
  const where = eq(expressInvitations.advisorId, advisorId);
  const [counted] = await db.select({ total: count() }).from(expressInvitations).where(where);
  const rows = await progressQuery(db)
    .where(where)
    .orderBy(desc(expressInvitations.createdAt), desc(expressInvitations.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: counted?.total ?? 0 };
}

/** Every invitation of these investors, newest first. */
export async function invitationsOfInvestors(
  db: Database,
  investorIds: readonly string[],
): Promise<InvitationWithProgress[]> {
  if (investorIds.length === 0) return [];
  return progressQuery(db)
    .where(inArray(expressInvitations.investorId, [...investorIds]))
    .orderBy(desc(expressInvitations.createdAt), desc(expressInvitations.id));
}

export async function invitationById(
  db: Database,
  id: string,
): Promise<InvitationWithProgress | undefined> {
  const [row] = await progressQuery(db).where(eq(expressInvitations.id, id));
  return row;
}
