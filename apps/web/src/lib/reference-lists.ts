import { useCallback } from 'react';
import { countriesInOrder } from '@portal/domain/enums/countries';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { http } from './http/http.ts';
import { useResource } from './use-resource.ts';

/** The reference lists of spec section 7 (`GET references/...`). */
export type ReferenceListName =
  | 'provinceStates'
  | 'citizenships'
  | 'countries'
  | 'businessTypes'
  | 'occupationTypes'
  | 'iirocDealers';

/** A reference value (spec section 3): id, description, descriptionFr; provinces add parentId. */
export interface ReferenceValue {
  id: number;
  description: string;
  descriptionFr: string;
  parentId?: number;
  /** Set here on the rows of a list of countries, which each language orders by its own names. */
  country?: true;
}

/** Citizenships share the countries' ids and names. */
const countryLists: ReadonlySet<ReferenceListName> = new Set(['countries', 'citizenships']);

// Spec section 7: the lists are cached. One request per list per page load, shared by every
// screen that asks; a failed request is forgotten so the next screen can try again.
const cache = new Map<ReferenceListName, Promise<ReferenceValue[]>>();

/** The lists asked for in the current task, until it ends. */
let askedTogether: Promise<unknown>[] | undefined;

/**
 * Lists asked for together (a screen's fields, as it first renders) are answered together: each
 * answer would otherwise render the whole screen again, and a long form rendered five times in
 * a row is what blocks a phone's main thread (issue 31's signed-in Lighthouse).
 */
function answeredTogether<T>(pending: Promise<T>): Promise<T> {
  if (!askedTogether) {
    askedTogether = [];
    queueMicrotask(() => (askedTogether = undefined));
  }
  const together = askedTogether;
  together.push(pending);
  // Read once the task's requests are all in: the microtask above has closed the group.
  return Promise.resolve()
    .then(() => Promise.allSettled(together))
    .then(() => pending);
}

export function loadReferenceList(name: ReferenceListName): Promise<ReferenceValue[]> {
  let pending = cache.get(name);
  if (!pending) {
    const answered = http
      .get<ReferenceValue[]>(`/references/${name}`, { noErrorPage: true })
      .then((rows) =>
        countryLists.has(name) ? rows.map((row) => ({ ...row, country: true as const })) : rows,
      );
    pending = answeredTogether(answered);
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

/**
 * Options in the person's language, French falling back to English (spec section 1). The server
 * serves countries in English order; in French they are read in French order (Afrique du Sud,
 * Allemagne, ...), Canada and the United States still first.
 */
export function referenceOptions(values: readonly ReferenceValue[], language: Language) {
  const options = values.map((value) => ({
    id: value.id,
    label: pick({ en: value.description, fr: value.descriptionFr }, language),
  }));
  const countryList = values.length > 0 && values.every((value) => value.country);
  return countryList ? countriesInOrder(options, (option) => option.label, language) : options;
}

export function useReferenceList(name: ReferenceListName) {
  const load = useCallback(() => loadReferenceList(name), [name]);
  return useResource(load);
}
