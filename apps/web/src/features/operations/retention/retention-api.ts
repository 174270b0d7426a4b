import type {
  AccountClosureBody,
  LegalHoldBody,
  RetentionStateView,
} from '@portal/domain/retention/retention-rules';
import { http } from '../../../lib/http/http.ts';

export type { RetentionStateView };

const quiet = { noErrorPage: true } as const;
const id = (value: string) => encodeURIComponent(value);

/** The console's retention calls (issue 36; server modules/retention/retention.routes.ts). */
export const retentionApi = {
  state: (applicationId: string, signal?: AbortSignal) =>
    http.get<RetentionStateView>(`/ops/retention/${id(applicationId)}`, { ...quiet, signal }),
  /** Audited; 409 `notDecidable` when already held. */
  setHold: (applicationId: string, body: LegalHoldBody) =>
    http.put<RetentionStateView>(`/ops/retention/${id(applicationId)}/legalHold`, body, quiet),
  /** Audited; 409 `notDecidable` when not held. */
  liftHold: (applicationId: string, body: LegalHoldBody) =>
    http.post<RetentionStateView>(
      `/ops/retention/${id(applicationId)}/legalHold/lift`,
      body,
      quiet,
    ),
  /** Audited; 409 `accountNotApproved`, 422 `closureInFuture` (field `closedAt`). */
  recordClosure: (applicationId: string, body: AccountClosureBody) =>
    http.put<RetentionStateView>(`/ops/retention/${id(applicationId)}/accountClosure`, body, quiet),
};
