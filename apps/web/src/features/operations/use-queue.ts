import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { Page as QueuePage } from '../../lib/operations-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { pageFromQuery } from './queue-filters.ts';

/** A queue's page, kept in the URL's query (`?page=2`) so a reload stays where it was. */
export function useQueue<T>(load: (page: number, signal: AbortSignal) => Promise<QueuePage<T>>) {
  const [query, setQuery] = useSearchParams();
  const page = pageFromQuery(query);
  const loadPage = useCallback((signal: AbortSignal) => load(page, signal), [load, page]);
  const { resource, retry } = useResource(loadPage);
  const goTo = (next: number) => setQuery(next > 1 ? { page: String(next) } : {});
  return { resource, retry, goTo };
}
