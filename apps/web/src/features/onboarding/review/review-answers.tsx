import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import {
  answersOutline,
  type OutlineSection,
  type ReferenceLabel,
} from '@portal/domain/answers/answers-outline';
import type { Language } from '@portal/domain/enums/define-enum';
import { documentsApi } from '../../../lib/documents-api.ts';
import { referenceOptions, useReferenceList } from '../../../lib/reference-lists.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { stepPath, useApplication } from '../step/application-context.tsx';
import { RETURN_TO_REVIEW } from '../step/return-to-review.ts';
import { OutlineRows } from '../../../ui/outline-rows.tsx';

/**
 * One section of the answers (GOV.UK "check your answers"): a heading, the answers as a summary
 * list, and a Change link to the step that asked them, which brings the person back here.
 */
function AnswerSection({ section }: { section: OutlineSection }) {
  const { t } = useTranslation('review');
  const { application } = useApplication();
  const headingId = `review-${section.id}-heading`;
  const Heading = section.level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={`review-section level-${section.level}`}>
      <div className="section-heading">
        <Heading id={headingId}>{section.heading}</Heading>
        {/* What the review itself recorded (the agreement's language) changes nowhere else. */}
        {section.changeStep !== 'review' && (
          <Link to={`${stepPath(application.id, section.changeStep)}?${RETURN_TO_REVIEW}`}>
            {t('change')} <span className="visually-hidden">{section.heading}</span>
          </Link>
        )}
      </div>
      <OutlineRows rows={section.rows} notAnswered={t('notAnswered')} />
    </section>
  );
}

/**
 * Every answer of the application as the server saved it, from the domain's outline (the same
 * one the signed document prints), with the documents sent and the reference lists' names.
 */
export function ReviewAnswers() {
  const { t, i18n } = useTranslation('review');
  const language = i18n.language as Language;
  const { application } = useApplication();
  const lists: Record<
    Parameters<ReferenceLabel>[0],
    ReturnType<typeof useReferenceList>['resource']
  > = {
    citizenships: useReferenceList('citizenships').resource,
    countries: useReferenceList('countries').resource,
    provinceStates: useReferenceList('provinceStates').resource,
    businessTypes: useReferenceList('businessTypes').resource,
    occupationTypes: useReferenceList('occupationTypes').resource,
  };
  const loadDocuments = useCallback(
    (signal: AbortSignal) => documentsApi.list(application.id, signal),
    [application.id],
  );
  const documents = useResource(loadDocuments).resource;

  // Until a list loads (or if it cannot), the domain's own province and country names stand.
  const references: ReferenceLabel = (name, id) => {
    const resource = lists[name];
    if (resource.state !== 'ready') return undefined;
    return referenceOptions(resource.data, language).find((option) => option.id === id)?.label;
  };
  const sections = answersOutline(application.steps, language, {
    references,
    documents: documents.state === 'ready' ? documents.data : undefined,
  });

  // Until the lists answer, a citizenship or an occupation would read "Not answered".
  if (Object.values(lists).some((resource) => resource.state === 'loading')) {
    return (
      <p role="status" className="loading-screen">
        {t('loadingAnswers')}
      </p>
    );
  }
  return (
    <>
      {sections.map((section) => (
        <AnswerSection key={section.id} section={section} />
      ))}
    </>
  );
}
