import { useTranslation } from '../../lib/i18n.ts';
import { pick } from '@portal/domain/enums/define-enum';
import { uploadDocumentTypeLabels } from '@portal/domain/enums/documents';
import {
  DUAL_PROCESS_REFERENCE_MAX,
  DUAL_PROCESS_SOURCE_NAME_MAX,
  dualProcessCategories,
  dualProcessCategoryLabels,
  dualProcessDocumentTypes,
  dualProcessProblems,
  type DualProcessCandidate,
  type DualProcessCategory,
  type DualProcessField,
} from '@portal/domain/identity/dual-process';
import { RadioChoices } from '../../ui/choices.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { languageOf } from './operations-format.ts';
import styles from './operations.module.css';

/** The order of a document's fields, on screen and in the problems found. */
const fields: DualProcessField[] = ['documentType', 'sourceName', 'category', 'referenceNumber'];

export const emptySources = (): DualProcessCandidate[] =>
  [0, 1].map(() => ({ sourceName: '', documentType: '', category: '', referenceNumber: '' }));

export const sourceFieldId = (index: number, field: DualProcessField) =>
  `reviewed-source-${index}-${field}`;

/** Field id -> the domain's code, one per field, in the order of the form. */
export type SourceProblems = Record<string, string>;

/**
 * The domain's dual-process rule (the one the server applies) over what the reviewer typed:
 * two sources, two categories, each category one the document can show, neither the applicant
 * nor us as a source.
 */
export function reviewedSourcesProblems(
  sources: readonly DualProcessCandidate[],
  applicantName: string,
): SourceProblems {
  const found = dualProcessProblems(sources, { applicantNames: [applicantName] });
  const problems: SourceProblems = {};
  for (const [index] of sources.entries()) {
    for (const field of fields) {
      const problem = found.find((p) => p.index === index && p.field === field);
      if (problem) problems[sourceFieldId(index, field)] = problem.code;
    }
  }
  return problems;
}

/** The server's field codes (`sources.1.category`: `sameCategory`) placed on these fields. */
export function serverSourceProblems(serverFields: Record<string, string>): SourceProblems {
  const problems: SourceProblems = {};
  for (const [path, code] of Object.entries(serverFields)) {
    const [, index, field] = path.split('.');
    if (path === 'sources') problems[sourceFieldId(0, 'documentType')] = code;
    else if (fields.includes(field as DualProcessField) && (index === '0' || index === '1')) {
      problems[sourceFieldId(Number(index), field as DualProcessField)] = code;
    }
  }
  return problems;
}

/**
 * The two documents of FINTRAC's dual-process method that a reviewer relied on to approve a
 * manual verification (ADR 0018): for each, its type, who issued it, the category of
 * information it confirms and its reference or account number, as the record keeps them.
 */
export function ReviewedSourcesFields({
  sources,
  onChange,
  problems,
}: {
  sources: readonly DualProcessCandidate[];
  onChange(sources: DualProcessCandidate[]): void;
  problems: SourceProblems;
}) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const update = (index: number, change: Partial<DualProcessCandidate>) =>
    onChange(sources.map((source, at) => (at === index ? { ...source, ...change } : source)));
  const errorOf = (index: number, field: DualProcessField) => {
    const code = problems[sourceFieldId(index, field)];
    return code
      ? t(`identity.sources.errors.${code}` as 'identity.sources.errors.invalid', {
          defaultValue: t('identity.sources.errors.invalid'),
        })
      : undefined;
  };
  return (
    <>
      <ul>
        {(t('identity.sources.rules', { returnObjects: true }) as string[]).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {sources.map((source, index) => (
        <fieldset key={index} className={styles.fieldset}>
          <legend>{t('identity.sources.document', { number: index + 1 })}</legend>
          <SelectField
            id={sourceFieldId(index, 'documentType')}
            label={t('identity.sources.type')}
            error={errorOf(index, 'documentType')}
            value={source.documentType}
            onChange={(documentType) => update(index, { documentType })}
            options={dualProcessDocumentTypes.map((type) => ({
              id: type,
              label: pick(uploadDocumentTypeLabels[type], language),
            }))}
          />
          <TextField
            id={sourceFieldId(index, 'sourceName')}
            label={t('identity.sources.source')}
            hint={t('identity.sources.sourceHint')}
            error={errorOf(index, 'sourceName')}
            value={source.sourceName}
            onChange={(sourceName) => update(index, { sourceName })}
            maxLength={DUAL_PROCESS_SOURCE_NAME_MAX}
          />
          <RadioChoices
            id={sourceFieldId(index, 'category')}
            legend={t('identity.sources.category')}
            error={errorOf(index, 'category')}
            value={(source.category || undefined) as DualProcessCategory | undefined}
            choices={dualProcessCategories.map((category) => ({
              value: category,
              label: dualProcessCategoryLabels[category][language],
            }))}
            onChange={(category) => update(index, { category })}
          />
          <TextField
            id={sourceFieldId(index, 'referenceNumber')}
            label={t('identity.sources.reference')}
            hint={t('identity.sources.referenceHint')}
            error={errorOf(index, 'referenceNumber')}
            value={source.referenceNumber}
            onChange={(referenceNumber) => update(index, { referenceNumber })}
            maxLength={DUAL_PROCESS_REFERENCE_MAX}
          />
        </fieldset>
      ))}
    </>
  );
}
