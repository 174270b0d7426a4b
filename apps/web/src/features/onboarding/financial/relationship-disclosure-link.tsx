import { useTranslation } from '../../../lib/i18n.ts';
import type { Language } from '@portal/domain/enums/define-enum';
import { TRUSTED_CONTACT_PURPOSES } from '@portal/domain/rules/affiliations';
import { documentPath, RELATIONSHIP_DISCLOSURE } from '@portal/domain/rules/agreement-documents';

/**
 * The relationship disclosure the applicant confirms reading (issue 12 item 16): the real,
 * versioned page in the reader's language, in a new tab so the step's answers stay on screen.
 */
export function RelationshipDisclosureLink() {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  return (
    <a href={documentPath(RELATIONSHIP_DISCLOSURE, language)} target="_blank" rel="noreferrer">
      {t('disclosureDocument.link', { version: RELATIONSHIP_DISCLOSURE.version })}
      <span className="visually-hidden"> {t('disclosureDocument.opensInNewTab')}</span>
    </a>
  );
}

/** NI 31-103 s. 13.2: the four reasons a dealer may contact a trusted contact person. */
export function TrustedContactPurposes() {
  const { t } = useTranslation('financial');
  return (
    <>
      {t('trustedContactPurposes.intro')}
      <ul>
        {TRUSTED_CONTACT_PURPOSES.map((purpose) => (
          <li key={purpose}>{t(`trustedContactPurposes.${purpose}`)}</li>
        ))}
      </ul>
    </>
  );
}
