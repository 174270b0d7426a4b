import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { countSince, insertReport } from './errors.repo.ts';

/** Reports one sender may make per minute, counted in the database across instances. */
export const ERROR_REPORTS_PER_MINUTE = 10;

export interface ErrorReport {
  errorField: string;
  pageFailed: string;
  username: string;
}

/** Stores a client error report unless the sender is over its rate; answers whether stored. */
export async function recordErrorReport(
  db: Database,
  secret: string,
  report: ErrorReport,
  senderAddress: string,
  now = new Date(),
): Promise<'stored' | 'rateLimited'> {
  const senderHash = createHmac('sha256', secret).update(senderAddress).digest('base64url');
  const recent = await countSince(db, senderHash, new Date(now.getTime() - 60_000));
  if (recent >= ERROR_REPORTS_PER_MINUTE) return 'rateLimited';
  await insertReport(db, { ...report, senderHash, createdAt: now });
  return 'stored';
}
