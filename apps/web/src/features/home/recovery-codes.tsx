import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { CheckboxChoices } from '../../ui/choices.tsx';
import { FormMessages } from './settings-section.tsx';
import styles from './settings.module.css';
import { useSectionForm } from './use-section-form.ts';
import { saveFile } from '../../lib/save-file.ts';

const CONFIRM = 'recovery-codes-saved';
const FILE_NAME = 'laurentide-recovery-codes.txt';

/**
 * The recovery codes, shown once (after turning two-step verification on, or asking for new
 * ones): copy them, download them as a text file, and say they are saved before going on.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('account');
  const form = useSectionForm('recovery-codes');
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const text = `${t('recoveryCodes.fileHeading')}\n\n${codes.join('\n')}\n`;

  async function copy() {
    form.begin();
    try {
      await navigator.clipboard.writeText(text);
      form.setSuccess(t('recoveryCodes.copied'));
    } catch {
      form.setNotice(t('recoveryCodes.copyFailed'));
    }
  }

  function download() {
    form.begin();
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), FILE_NAME);
    form.setSuccess(t('recoveryCodes.downloaded', { file: FILE_NAME }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    form.begin();
    if (!saved) {
      form.setProblems([{ fieldId: CONFIRM, message: t('recoveryCodes.confirmFirst') }]);
      return;
    }
    onDone();
  }

  return (
    <div className={styles.reveal}>
      <h3 ref={heading} tabIndex={-1}>
        {t('recoveryCodes.heading')}
      </h3>
      <p>{t('recoveryCodes.explain')}</p>
      <p>
        <strong>{t('recoveryCodes.onlyOnce')}</strong>
      </p>
      <ol className={styles.codes} aria-label={t('recoveryCodes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {t('recoveryCodes.copy')}
        </button>
        <button type="button" className="button button-secondary" onClick={download}>
          {t('recoveryCodes.download')}
        </button>
      </div>
      <FormMessages form={form} />
      <form noValidate onSubmit={submit} className={styles.confirm}>
        <CheckboxChoices<'saved'>
          id={CONFIRM}
          legend={t('recoveryCodes.confirmLegend')}
          error={form.errorFor(CONFIRM)}
          values={saved ? ['saved'] : []}
          onChange={(values) => setSaved(values.includes('saved'))}
          choices={[{ value: 'saved', label: t('recoveryCodes.confirm') }]}
        />
        <button type="submit" className="button button-primary">
          {t('recoveryCodes.done')}
        </button>
      </form>
    </div>
  );
}
