import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TranslationProvider } from '../../../lib/i18n.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@portal/domain/enums/define-enum';
import { createTestI18n } from '../../../test/i18n.ts';
import {
  AffiliationFields,
  personAffiliationValues,
  type PersonAffiliationValues,
} from './affiliation-fields.tsx';

function Form({ initial }: { initial: PersonAffiliationValues }) {
  const [value, setValue] = useState(initial);
  return (
    <AffiliationFields
      path="affiliations.primary"
      joint={false}
      value={value}
      onChange={setValue}
      errorFor={() => undefined}
    />
  );
}

async function renderFields(language: Language, saved: unknown = {}) {
  // The countries list is fetched; an empty one is enough for these questions.
  vi.spyOn(window, 'fetch').mockResolvedValue(new Response('[]', { status: 200 }));
  const i18n = await createTestI18n(language);
  render(
    <TranslationProvider i18n={i18n}>
      <Form initial={personAffiliationValues(saved)} />
    </TranslationProvider>,
  );
}

describe('trusted contact person (NI 31-103 s. 13.2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('states the four purposes a trusted contact may be contacted for', async () => {
    await renderFields('en');
    const question = screen.getByRole('group', {
      name: 'Would you like to name a trusted contact person?',
    });
    const purposes = within(question)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(purposes).toEqual([
      'discuss possible financial exploitation of the account holder;',
      "raise concerns about the account holder's mental capacity to make financial decisions;",
      'confirm the name and contact information of a legal representative, such as an attorney under a power of attorney, a guardian or a trustee;',
      "confirm the account holder's contact information.",
    ]);
    expect(question).toHaveAccessibleDescription(/We may contact a trusted contact person only to/);
  });

  it('says a decline is recorded, in French', async () => {
    await renderFields('fr');
    expect(screen.queryByText(/Aucune personne de confiance ne sera désignée/)).toBeNull();
    const question = screen.getByRole('group', {
      name: 'Voulez-vous désigner une personne de confiance?',
    });
    await userEvent.click(within(question).getByRole('radio', { name: 'Non' }));
    expect(
      screen.getByText(/Aucune personne de confiance ne sera désignée\. Nous conservons une trace/),
    ).toBeVisible();
    expect(within(question).getAllByRole('listitem')).toHaveLength(4);
  });
});
