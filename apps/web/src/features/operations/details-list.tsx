import type { ReactNode } from 'react';
import styles from './operations.module.css';

/**
 * Terms and their values as the console's case pages list them (a payment file's summary, an
 * application's retention), one list component so each page only says what it lists.
 */
export function DetailsList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className={`summary-list ${styles.details}`}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
