import { Link } from 'react-router';
import { reviewedIdentityMethods } from '@portal/domain/operations/operations-api';
import { useTranslation } from '../../../lib/i18n.ts';
import type { OutlineSection } from '@portal/domain/answers/answers-outline';
import { declineCategoryLabels } from '@portal/domain/operations/decline-categories';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { uploadDocumentTypeLabels } from '@portal/domain/enums/documents';
import type { ApplicationCase } from '../../../lib/operations-api.ts';
import operationsEn from '../../../locales/en/operations.json';
import {
  accountTypeLabel,
  applicationStatusLabel,
  formatDate,
  formatDateTime,
  languageOf,
} from '../operations-format.ts';
import { ViewDocumentButton, type useDocumentViewer } from '../document-viewer.tsx';
import styles from '../operations.module.css';
import { CaseTable } from './case-table.tsx';
import { OutlineRows } from '../../../ui/outline-rows.tsx';

const isReviewedIdentityMethod = (method: string) =>
  (reviewedIdentityMethods as readonly string[]).includes(method);

type Case = ApplicationCase;
type Viewer = ReturnType<typeof useDocumentViewer>;

const documentTypeLabel = (type: string, language: 'en' | 'fr') =>
  (uploadDocumentTypeLabels as Record<string, { en: string; fr: string } | undefined>)[type]?.[
    language
  ] ?? type;

/**
 * A document of the case: a button that opens it under the application's claim (need-to-know),
 * or only its name while the caller does not hold the claim.
 */
function DocumentLink({
  data,
  viewer,
  documentId,
  name,
}: {
  data: Case;
  viewer: Viewer;
  documentId: string;
  name: string;
}) {
  if (data.claim?.mine !== true) return <>{name}</>;
  return (
    <ViewDocumentButton
      viewer={viewer}
      documentId={documentId}
      name={name}
      access={{ kind: 'application', itemId: data.id }}
    />
  );
}

function useCaseText() {
  const { t, i18n } = useTranslation('operations');
  return { t, language: languageOf(i18n.language) };
}

export function ApplicantsSection({ data }: { data: Case }) {
  const { t } = useCaseText();
  return (
    <section aria-labelledby="case-applicants">
      <h2 id="case-applicants">{t('case.applicants.heading')}</h2>
      <CaseTable
        caption={t('case.applicants.caption')}
        columns={[
          t('case.applicants.name'),
          t('case.applicants.role'),
          t('case.applicants.email'),
          t('case.applicants.language'),
        ]}
        rows={data.applicants.map((applicant) => ({
          key: applicant.role,
          cells: [
            applicant.name,
            t(`case.roles.${applicant.role}`),
            applicant.email,
            t(`case.languages.${applicant.language}`),
          ],
        }))}
      />
    </section>
  );
}

/**
 * Every answer as the review shows it (the domain's outline, ADR 0013), read-only: no Change
 * links. Under this section's h2, the outline's sections are h3 and their parts h4.
 */
export function AnswersSection({ outline }: { outline: OutlineSection[] }) {
  const { t } = useCaseText();
  return (
    <section aria-labelledby="case-answers">
      <h2 id="case-answers">{t('case.answers.heading')}</h2>
      {outline.map((section) => {
        const Heading = section.level === 2 ? 'h3' : 'h4';
        const headingId = `case-answers-${section.id}`;
        return (
          <section key={section.id} aria-labelledby={headingId}>
            <Heading id={headingId}>{section.heading}</Heading>
            <OutlineRows rows={section.rows} notAnswered={t('case.answers.notAnswered')} />
          </section>
        );
      })}
    </section>
  );
}

export function DocumentsSection({ data, viewer }: { data: Case; viewer: Viewer }) {
  const { t, language } = useCaseText();
  return (
    <section aria-labelledby="case-documents">
      <h2 id="case-documents">{t('case.documents.heading')}</h2>
      {data.documents.length === 0 ? (
        <p>{t('case.documents.empty')}</p>
      ) : (
        <>
          {data.claim?.mine !== true && <p>{t('case.documents.claimToOpen')}</p>}
          <CaseTable
            caption={t('case.documents.caption')}
            columns={[
              t('case.documents.file'),
              t('case.documents.type'),
              t('case.documents.account'),
              t('case.documents.uploadedAt'),
              t('case.documents.uploadedBy'),
            ]}
            rows={data.documents.map((document) => ({
              key: document.id,
              cells: [
                <DocumentLink
                  key="view"
                  data={data}
                  viewer={viewer}
                  documentId={document.id}
                  name={document.fileName}
                />,
                documentTypeLabel(document.documentType, language),
                document.account === null
                  ? t('case.documents.wholeApplication')
                  : accountTypeLabel(document.account as NamedAccountTypeName, language),
                formatDateTime(document.uploadedAt, language),
                t(`case.roles.${document.uploadedBy}`),
              ],
            }))}
          />
        </>
      )}
    </section>
  );
}

export function IdentitySection({ data, viewer }: { data: Case; viewer: Viewer }) {
  const { t, language } = useCaseText();
  const nameOf = (documentId: string) =>
    data.documents.find((document) => document.id === documentId)?.fileName ?? documentId;
  return (
    <section aria-labelledby="case-identity">
      <h2 id="case-identity">{t('case.identity.heading')}</h2>
      {data.identity.length === 0 && <p>{t('case.identity.empty')}</p>}
      {data.identity.map((identity) => (
        <section key={identity.role} aria-labelledby={`case-identity-${identity.role}`}>
          <h3 id={`case-identity-${identity.role}`}>{t(`case.roles.${identity.role}`)}</h3>
          <dl className="summary-list">
            <div>
              <dt>{t('case.identity.state')}</dt>
              <dd>{identity.state}</dd>
            </div>
            <div>
              <dt>{t('case.identity.method')}</dt>
              <dd>{identity.method ?? t('common.none')}</dd>
            </div>
            <div>
              <dt>{t('case.identity.verifiedAt')}</dt>
              <dd>{formatDateTime(identity.verifiedAt, language) || t('common.none')}</dd>
            </div>
          </dl>
          {identity.attempts.length > 0 && (
            <CaseTable
              caption={t('case.identity.caption', { role: t(`case.roles.${identity.role}`) })}
              columns={[
                t('case.identity.startedAt'),
                t('case.identity.method'),
                t('case.identity.outcome'),
                t('case.identity.reason'),
                t('case.identity.completedAt'),
                t('case.identity.documents'),
              ]}
              rows={identity.attempts.map((attempt) => ({
                key: attempt.id,
                cells: [
                  formatDateTime(attempt.startedAt, language),
                  attempt.method,
                  // An attempt our team decides opens as its own case (the vendor's findings,
                  // the documents, verify or refuse).
                  isReviewedIdentityMethod(attempt.method) ? (
                    <Link
                      key="outcome"
                      to={`/operations/identity/${attempt.id}`}
                      aria-label={t('case.identity.openCase', {
                        date: formatDateTime(attempt.startedAt, language),
                      })}
                    >
                      {attempt.outcome}
                    </Link>
                  ) : (
                    attempt.outcome
                  ),
                  attempt.reason ?? '',
                  formatDateTime(attempt.completedAt, language),
                  <ul key="documents" className={styles.details}>
                    {attempt.documentIds.map((documentId) => (
                      <li key={documentId}>
                        <DocumentLink
                          data={data}
                          viewer={viewer}
                          documentId={documentId}
                          name={nameOf(documentId)}
                        />
                      </li>
                    ))}
                  </ul>,
                ],
              }))}
            />
          )}
        </section>
      ))}
    </section>
  );
}

export function SignaturesSection({ data }: { data: Case }) {
  const { t, language } = useCaseText();
  return (
    <section aria-labelledby="case-signatures">
      <h2 id="case-signatures">{t('case.signatures.heading')}</h2>
      {data.signatures.length === 0 ? (
        <p>{t('case.signatures.empty')}</p>
      ) : (
        <CaseTable
          caption={t('case.signatures.caption')}
          columns={[
            t('case.signatures.role'),
            t('case.signatures.status'),
            t('case.signatures.signedAt'),
          ]}
          rows={data.signatures.map((signature) => ({
            key: signature.role,
            cells: [
              t(`case.roles.${signature.role}`),
              signature.status,
              formatDateTime(signature.signedAt, language),
            ],
          }))}
        />
      )}
    </section>
  );
}

export function AccountsSection({ data }: { data: Case }) {
  const { t, language } = useCaseText();
  return (
    <section aria-labelledby="case-accounts">
      <h2 id="case-accounts">{t('case.accounts.heading')}</h2>
      {data.decline && (
        <p className="notice notice-warning">
          {t('case.decline.shown', {
            category: declineCategoryLabels[data.decline.category][language],
          })}
        </p>
      )}
      {data.accounts.length === 0 ? (
        <p>{t('case.accounts.empty')}</p>
      ) : (
        <CaseTable
          caption={t('case.accounts.caption')}
          columns={[t('case.accounts.type'), t('case.accounts.number')]}
          rows={data.accounts.map((account) => ({
            key: account.accountNumber,
            cells: [accountTypeLabel(account.accountTypeName, language), account.accountNumber],
          }))}
        />
      )}
    </section>
  );
}

export function PepFormSection({ data }: { data: Case }) {
  const { t, language } = useCaseText();
  const form = data.pepForm;
  return (
    <section aria-labelledby="case-pep-form">
      <h2 id="case-pep-form">{t('case.pepForm.heading')}</h2>
      {!form ? (
        <p>{t('case.pepForm.none')}</p>
      ) : (
        <>
          {form.restricted && (
            <p className="notice notice-warning">
              <span className={`${styles.flag} ${styles.flagAlert}`}>{t('common.restricted')}</span>{' '}
              {t('case.pepForm.restricted')}
            </p>
          )}
          <dl className="summary-list">
            <div>
              <dt>{t('case.pepForm.dueOn')}</dt>
              <dd>{formatDate(form.dueOn, language)}</dd>
            </div>
            <div>
              <dt>{t('case.pepForm.receivedAt')}</dt>
              <dd>{formatDateTime(form.receivedAt, language) || t('case.pepForm.notReceived')}</dd>
            </div>
            <div>
              <dt>{t('case.pepForm.reminders')}</dt>
              <dd>{form.remindersSent}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}

export function RequestsSection({ data, viewer }: { data: Case; viewer: Viewer }) {
  const { t, language } = useCaseText();
  const nameOf = (documentId: string) =>
    data.documents.find((document) => document.id === documentId)?.fileName ?? documentId;
  return (
    <section aria-labelledby="case-requests">
      <h2 id="case-requests">{t('case.requests.heading')}</h2>
      {data.informationRequests.length === 0 ? (
        <p>{t('case.requests.empty')}</p>
      ) : (
        <CaseTable
          caption={t('case.requests.caption')}
          columns={[
            t('case.requests.askedAt'),
            t('case.requests.message'),
            t('case.requests.documentTypes'),
            t('case.requests.answeredAt'),
            t('case.requests.answer'),
          ]}
          rows={data.informationRequests.map((request) => ({
            key: request.id,
            cells: [
              formatDateTime(request.askedAt, language),
              request.message,
              request.documentTypes.map((type) => documentTypeLabel(type, language)).join(', ') ||
                t('common.none'),
              formatDateTime(request.answeredAt, language) || t('case.requests.notAnswered'),
              <div key="answer">
                {request.answer && <p>{request.answer}</p>}
                {request.answerDocumentIds.map((documentId) => (
                  <p key={documentId}>
                    <DocumentLink
                      data={data}
                      viewer={viewer}
                      documentId={documentId}
                      name={nameOf(documentId)}
                    />
                  </p>
                ))}
              </div>,
            ],
          }))}
        />
      )}
    </section>
  );
}

export function MailsSection({ data }: { data: Case }) {
  const { t, language } = useCaseText();
  return (
    <section aria-labelledby="case-mails">
      <h2 id="case-mails">{t('case.mails.heading')}</h2>
      {data.mails.length === 0 ? (
        <p>{t('case.mails.empty')}</p>
      ) : (
        <CaseTable
          caption={t('case.mails.caption')}
          columns={[
            t('case.mails.createdAt'),
            t('case.mails.template'),
            t('case.mails.recipient'),
            t('case.mails.language'),
            t('case.mails.sentAt'),
          ]}
          rows={data.mails.map((mail, index) => ({
            key: `${index}-${mail.createdAt}`,
            cells: [
              formatDateTime(mail.createdAt, language),
              mail.template,
              mail.recipient,
              t(`case.languages.${mail.language}`),
              formatDateTime(mail.sentAt, language) || t('case.mails.notSent'),
            ],
          }))}
        />
      )}
    </section>
  );
}

/** A detail's value in words: never a SIN or TIN (the server keeps them out of the trail). */
const detailText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);

/** The events the catalogue names; another (a new one) shows as its code. */
type AuditAction = keyof typeof operationsEn.case.audit.actions;
const auditActions: ReadonlySet<string> = new Set(Object.keys(operationsEn.case.audit.actions));

export function AuditSection({ data }: { data: Case }) {
  const { t, language } = useCaseText();
  const status = (code: string | null) =>
    code ? applicationStatusLabel(code, language, t('case.approvedStatus')) : '';
  return (
    <section aria-labelledby="case-audit">
      <h2 id="case-audit">{t('case.audit.heading')}</h2>
      <CaseTable
        caption={t('case.audit.caption')}
        columns={[
          t('case.audit.when'),
          t('case.audit.action'),
          t('case.audit.actor'),
          t('case.audit.change'),
          t('case.audit.details'),
        ]}
        rows={data.audit.map((event) => ({
          key: event.id,
          cells: [
            formatDateTime(event.createdAt, language),
            auditActions.has(event.action)
              ? t(`case.audit.actions.${event.action as AuditAction}`)
              : event.action,
            `${event.actorName} (${t(`case.audit.actors.${event.actorRole}`)})`,
            event.fromStatus || event.toStatus
              ? `${status(event.fromStatus)} → ${status(event.toStatus)}`
              : '',
            <ul key="details" className={styles.details}>
              {Object.entries(event.details).map(([key, value]) => (
                <li key={key}>
                  {key}: {detailText(value)}
                </li>
              ))}
            </ul>,
          ],
        }))}
      />
    </section>
  );
}
