import { expect, type Locator, type Page } from '@playwright/test';

/** The steps of an application the client has screens for (hash routes #/application/<id>/<step>). */
export type StepName =
  | 'ownership'
  | 'doyouknow'
  | 'goals'
  | 'relatedaccounts'
  | 'allaccounts'
  | 'options'
  | 'account'
  | 'profile'
  | 'profilejoint'
  | 'otherinterests'
  | 'review'
  | 'esign'
  | 'nextsteps';

/** The address of one step of one application, or of any application when no id is given. */
export function stepUrl(step: StepName, id?: string): RegExp {
  return new RegExp(`#/application/${id ?? '[0-9a-f-]{36}'}/${step}$`);
}

export const dashboardUrl = /#\/home\/dashboard$/;

/** Waits for a step's address and answers the application id it names. */
export async function applicationIdOn(page: Page, step: StepName): Promise<string> {
  await expect(page).toHaveURL(stepUrl(step));
  const id = /#\/application\/([0-9a-f-]{36})\//.exec(page.url())?.[1];
  expect(id, `no application id in ${page.url()}`).toBeTruthy();
  return id as string;
}

/** One application's card on the dashboard, found by its Continue link. */
export function applicationCard(page: Page, id: string): Locator {
  return page
    .locator('li.application-card')
    .filter({ has: page.locator(`a[href$="/application/${id}"]`) });
}

/** A radio or checkbox by its exact label, inside the question (fieldset) of that legend. */
export function choiceIn(
  page: Page,
  legend: string,
  role: 'radio' | 'checkbox',
  label: string,
): Locator {
  return page
    .getByRole('group', { name: legend, exact: true })
    .getByRole(role, { name: label, exact: true });
}
