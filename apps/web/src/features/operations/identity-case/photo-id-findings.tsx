import type { PhotoIdConcern, PhotoIdReport } from '@portal/domain/identity/photo-id-check';
import type { PhotoIdCheckView } from '@portal/domain/operations/operations-api';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import operationsEn from '../../../locales/en/operations.json';
import { CaseTable } from '../case/case-table.tsx';
import styles from '../operations.module.css';

type Area = keyof typeof operationsEn.identityCase.areas;
type Item = keyof typeof operationsEn.identityCase.items;
const areas: ReadonlySet<string> = new Set(Object.keys(operationsEn.identityCase.areas));
const items: ReadonlySet<string> = new Set(Object.keys(operationsEn.identityCase.items));

/**
 * A part of the check in plain words; a part the console has no words for yet (a vendor may add
 * one) is shown by the name the service gave it rather than hidden.
 */
function partText(t: TFunction<'operations'>, concern: PhotoIdConcern): string {
  const area = areas.has(concern.area)
    ? t(`identityCase.areas.${concern.area as Area}`)
    : concern.area;
  if (!concern.item) return area;
  const item = items.has(concern.item)
    ? t(`identityCase.items.${concern.item as Item}`)
    : concern.item;
  return t('identityCase.check.part', { area, item });
}

function resultText(t: TFunction<'operations'>, report: PhotoIdReport): string {
  const result = t(`identityCase.results.${report.result}`);
  // "Clear, clear" says nothing more: the qualifier is given only when it adds something.
  if (!report.subResult || report.subResult === 'clear') return result;
  return t('identityCase.resultWith', {
    result,
    subResult: t(`identityCase.subResults.${report.subResult}`),
  });
}

/**
 * What the verification service found (issue 34): each report's result and the parts of the
 * check that were not clear, in plain words, with the check's reference; the pictures stay with
 * the service (the portal keeps none), which the reviewer is told.
 */
export function PhotoIdFindings({ check }: { check: PhotoIdCheckView }) {
  const { t } = useTranslation('operations');
  return (
    <section aria-labelledby="identity-check">
      <h2 id="identity-check">{t('identityCase.check.heading')}</h2>
      <p>{t('identityCase.check.intro')}</p>
      <dl className="summary-list">
        <div>
          <dt>{t('identityCase.check.reference', { vendor: check.vendor })}</dt>
          <dd>
            <span className={styles.revealed}>{check.checkId}</span>
          </dd>
        </div>
      </dl>
      <p>{t('identityCase.check.images')}</p>
      {check.reports.length === 0 ? (
        <p className="empty-state">{t('identityCase.check.noReports')}</p>
      ) : (
        <CaseTable
          caption={t('identityCase.check.caption')}
          columns={[
            t('identityCase.check.report'),
            t('identityCase.check.result'),
            t('identityCase.check.notClear'),
          ]}
          rows={check.reports.map((report) => ({
            key: report.kind,
            cells: [
              t(`identityCase.reports.${report.kind}`),
              resultText(t, report),
              report.concerns.length === 0 ? (
                t('identityCase.check.nothingFlagged')
              ) : (
                <ul key="concerns" className={styles.details}>
                  {report.concerns.map((concern) => (
                    <li key={`${concern.area}.${concern.item ?? ''}`}>
                      {t('identityCase.check.concern', {
                        part: partText(t, concern),
                        result: t(`identityCase.results.${concern.result}`),
                      })}
                    </li>
                  ))}
                </ul>
              ),
            ],
          }))}
        />
      )}
    </section>
  );
}
