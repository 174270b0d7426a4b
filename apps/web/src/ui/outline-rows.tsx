import type { OutlineRow } from '@portal/domain/answers/answers-outline';

/**
 * The rows of one section of the answers' outline (ADR 0013) as a description list: the review
 * and the operations console show the same answers the same way; a list keeps one entry a line.
 */
export function OutlineRows({
  rows,
  notAnswered,
}: {
  rows: readonly OutlineRow[];
  /** What an unanswered question shows, in the page's language. */
  notAnswered: string;
}) {
  return (
    <dl className="summary-list answers">
      {rows.map((row) => (
        <div key={row.id}>
          <dt>{row.label}</dt>
          <dd>
            {Array.isArray(row.value) ? (
              row.value.length === 0 ? (
                notAnswered
              ) : (
                <ul>
                  {row.value.map((line, index) => (
                    <li key={`${index}-${line}`}>{line}</li>
                  ))}
                </ul>
              )
            ) : (
              row.value || notAnswered
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
