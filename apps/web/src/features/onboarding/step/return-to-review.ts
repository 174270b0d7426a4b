/**
 * A step opened from the review's Change link carries `?return=review`: its save comes back to
 * the review (when the review is still open to it), and its Back link goes there too.
 */
export const RETURN_TO_REVIEW = 'return=review';

export function returnsToReview(search: string): boolean {
  return new URLSearchParams(search).get('return') === 'review';
}
