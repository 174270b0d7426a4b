import type { ApplicationFilters } from '../../lib/operations-api.ts';

/** The filters the URL's query keeps, so a reload or a shared link shows the same queue. */
export const filterKeys = ['status', 'minAge', 'province', 'accountType', 'joint', 'pep'] as const;
export type FilterKey = (typeof filterKeys)[number];
export type FilterValues = Record<FilterKey, string>;

export const emptyFilters: FilterValues = {
  status: '',
  minAge: '',
  province: '',
  accountType: '',
  joint: '',
  pep: '',
};

export function filtersFromQuery(query: URLSearchParams): FilterValues {
  const values = { ...emptyFilters };
  for (const key of filterKeys) values[key] = query.get(key) ?? '';
  return values;
}

/** The page from the query: a whole number from 1, anything else is the first page. */
export function pageFromQuery(query: URLSearchParams): number {
  const page = Number(query.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The query of a set of filters: only those set, and the page when past the first. */
export function queryOf(values: FilterValues, page = 1): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of filterKeys) {
    const value = values[key].trim();
    if (value) query.set(key, value);
  }
  if (page > 1) query.set('page', String(page));
  return query;
}

/** What the API is asked: the same filters and page. */
export function apiFiltersOf(query: URLSearchParams): ApplicationFilters {
  const filters: ApplicationFilters = {};
  for (const key of filterKeys) {
    const value = query.get(key);
    if (value) filters[key] = value;
  }
  filters.page = String(pageFromQuery(query));
  return filters;
}
