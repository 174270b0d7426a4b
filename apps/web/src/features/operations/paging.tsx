import type { ComponentProps } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Paging as ListPaging } from '../../ui/paging.tsx';

/** Previous and next page of a queue, in the console's words. */
export function Paging(props: Omit<ComponentProps<typeof ListPaging>, 'words'>) {
  const { t } = useTranslation('operations');
  return (
    <ListPaging
      {...props}
      words={{
        previous: t('common.previous'),
        next: t('common.next'),
        where: (at) => t('common.pageOf', at),
      }}
    />
  );
}
