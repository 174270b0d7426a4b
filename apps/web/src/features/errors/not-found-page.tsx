import { ERROR_FRAME_HEIGHT_PX } from '@portal/domain/constants';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { serverPaths } from '../../lib/site-links.ts';
import { Page } from '../../ui/page.tsx';

/** Not found: the 404 page embedded in a frame 500px high (spec section 2). */
export function NotFoundPage() {
  const { t, i18n } = useTranslation('errors');
  return (
    <Page title={t('notFound.title')} heading={t('notFound.heading')}>
      <iframe
        // The language is in the address so the frame reloads when it changes.
        src={`${serverPaths.notFoundFrame}?lang=${i18n.language}`}
        title={t('notFound.frameTitle')}
        height={ERROR_FRAME_HEIGHT_PX}
        width="100%"
        style={{ border: 0, display: 'block' }}
      />
      <div className="actions">
        <Link className="button button-primary" to="/home/dashboard">
          {t('notFound.home')}
        </Link>
      </div>
    </Page>
  );
}
