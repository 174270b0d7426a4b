import styles from './paging.module.css';

/**
 * Previous and next page of a list, with where the person stands, named for screen readers by
 * the same words. The caller gives the words in its own catalogue (the console's, the advisor
 * pages'); nothing shows for a single page.
 */
export function Paging({
  page,
  pageSize,
  total,
  onPage,
  words,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  words: {
    previous: string;
    next: string;
    where(at: { page: number; pages: number; total: number }): string;
  };
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const where = words.where({ page, pages, total });
  return (
    <nav className={styles.paging} aria-label={where}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {words.previous}
      </button>
      <span>{where}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {words.next}
      </button>
    </nav>
  );
}
