import { bankAccountSources, currencyTypeIdOf } from '@portal/domain/enums/funding';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { chequeUploadFieldsSchema } from '@portal/domain/funding/funding-schemas';
import { fundingOpen } from '@portal/domain/status/application-status-machine';
import { findParticipantApplication } from '../applications/applications.service.ts';
import { DocumentError, uploadDocument } from '../documents/documents.service.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import { bankAccountView, recordBankAccount } from './bank-accounts.ts';
import type { FundingDeps } from './funding-deps.ts';
import { fieldsOf, FundingError, invalid, notFound } from './funding-refusal.ts';

export interface ChequeUpload {
  fields: Record<string, string>;
  file?: { fileName: string; bytes: Buffer; truncated: boolean };
}

/**
 * A void cheque (or direct-deposit form) for an agreed application of the caller's: the form's
 * numbers validated, the file stored as the application's `voidCheque` document by the
 * documents module's rules (10 MB, types, magic bytes, the same file twice refused), and the
 * bank account recorded, all in one transaction.
 */
export async function uploadCheque(
  deps: FundingDeps,
  userId: string,
  applicationId: string,
  upload: ChequeUpload,
  language: MessageLanguage,
): Promise<{ documentUploadedId: string; bankAccount: BankAccount }> {
  const { db, cipher } = deps;
  const application = await findParticipantApplication(db, userId, applicationId);
  if (!application || application.role !== 'primary') throw notFound();
  if (!fundingOpen(application.status)) throw new FundingError(409, 'fundingNotOpen');
  const parsed = chequeUploadFieldsSchema.safeParse(upload.fields);
  const fields = parsed.success ? {} : fieldsOf(parsed.error.issues);
  if (!upload.file) fields.uploadCheque = 'required';
  if (!parsed.success || !upload.file) throw invalid(fields);
  const { file } = upload;
  const cheque = parsed.data;
  return db.transaction(async (tx) => {
    let documentId: string;
    try {
      const document = await uploadDocument(
        tx,
        cipher,
        userId,
        applicationId,
        { documentType: 'voidCheque', file },
        { quotaBytes: deps.uploadQuotaBytes },
      );
      documentId = document.id;
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      if (error.status === 400) {
        // The documents module names the file part `file`; this form names it `uploadCheque`.
        const renamed: Record<string, string> = {};
        for (const [path, code] of Object.entries(error.details.fields ?? {})) {
          renamed[path === 'file' ? 'uploadCheque' : path] = code;
        }
        throw invalid(renamed);
      }
      throw new FundingError(error.status, error.errorCode);
    }
    const row = await recordBankAccount(tx, cipher, {
      userId,
      source: bankAccountSources.cheque,
      nickname: cheque.nickname,
      institutionNumber: cheque.finInstitution,
      transitNumber: cheque.transitNumber,
      accountNumber: cheque.bankAccountNumber,
      currencyTypeId: currencyTypeIdOf(cheque.currency === 'usd' ? 'USD' : 'CAD'),
      documentId,
    });
    return { documentUploadedId: documentId, bankAccount: bankAccountView(cipher, row, language) };
  });
}
