import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { RichText } from '../ui/rich-text.tsx';
import styles from './sandbox-banner.module.css';

/** The mailbox opens beside the application, so what was typed stays where it is. */
function MailboxLink({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <a href="/sandbox/mailbox" target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t('footer.opensNewWindow')}</span>
    </a>
  );
}

/**
 * Says, at the top of every screen, that nothing here is real while the sandbox vendors are
 * on, and where the mails and text messages go. Not dismissible: it must stay true on every
 * page, screenshot and recording.
 */
export function SandboxBanner() {
  const { t } = useTranslation('common');
  return (
    <section className={styles.banner} aria-label={t('sandbox.label')}>
      <p className={styles.text}>
        <RichText
          text={t('sandbox.text')}
          components={{ strong: <strong />, mailbox: <MailboxLink /> }}
        />
      </p>
    </section>
  );
}
