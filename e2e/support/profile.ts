import { expect, type Locator, type Page } from '@playwright/test';
import { applicationIdOn, choiceIn, stepUrl } from './applications.ts';
import { saveAndContinue } from './locators.ts';

/** The profile steps (hash routes #/application/<id>/profile and .../profilejoint). */
export type ProfileStepName = 'profile' | 'profilejoint';

/** The address of a profile step of one application, or of any application when no id is given. */
export function profileUrl(step: ProfileStepName, id?: string): RegExp {
  return new RegExp(`#/application/${id ?? '[0-9a-f-]{36}'}/${step}$`);
}

/** The words the way to the profile step needs (onboarding.json, pages.json, domain labels). */
export interface ToProfileText {
  start: string;
  saveAndContinue: string;
  ownershipLegend: string;
  justMe: string;
  joint: string;
  relationshipLegend: string;
  married: string;
  doYouKnowLegend: string;
  knowsYes: string;
  allAccountsHeading: string;
  registered: string;
  tfsa: string;
  nonRegistered: string;
  cash: string;
  accountHeading: string;
  heading: string;
}

/** The labels of the profile form (profile.json, forms.json, onboarding.json). */
export interface ProfileFormText {
  saveAndContinue: string;
  yes: string;
  no: string;
  title: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  day: string;
  month: string;
  year: string;
  sin: string;
  maritalStatus: string;
  citizenship: string;
  email: string;
  confirmEmail: string;
  phoneGroup: string;
  phoneType: string;
  phoneNumber: string;
  home: string;
  findAddress: string;
  streetNumber: string;
  streetName: string;
  city: string;
  province: string;
  postalCode: string;
  mailingSameAsHome: string;
  movedWithinTwoYears: string;
  employmentStatus: string;
  employerName: string;
  industry: string;
  occupation: string;
  employerCountry: string;
  employerProvince: string;
  employerCity: string;
  annualIncome: string;
  incomeSource: string;
  netFixedAssets: string;
  netLiquidAssets: string;
  /** The joint applicant's page says "their" where the primary's says "your". */
  jointConfirmEmail: string;
  jointMailingSameAsHome: string;
  jointMovedWithinTwoYears: string;
  jointPreferredLanguage: string;
  english: string;
  french: string;
}

/** A civic address, with the province as the form names it. */
export interface AddressAnswers {
  streetNumber: string;
  streetName: string;
  city: string;
  province: string;
  postalCode: string;
}

/** A complete, valid profile: every choice by its visible label in the page's language. */
export interface ProfileAnswers {
  title: string;
  /** Only where the form asks for them (the joint applicant's profile). */
  firstName?: string;
  lastName?: string;
  email?: string;
  confirmEmail?: string;
  birthDate: { day: string; month: string; year: string };
  sin: string;
  maritalStatus: string;
  citizenship: string;
  phoneType: string;
  phoneNumber: string;
  /** Typed into the fields themselves (the type-ahead has its own journey). */
  homeAddress: AddressAnswers;
  employmentStatus: string;
  employerName: string;
  industry: string;
  occupation: string;
  employerCountry: string;
  employerProvince: string;
  employerCity: string;
  annualIncome: string;
  incomeSource: string;
  netFixedAssets: string;
  netLiquidAssets: string;
  /** The joint applicant's language for mail and documents, by its label (English unless said). */
  preferredLanguage?: string;
}

/**
 * From the dashboard: Start a new application, Just me (or a joint application with a spouse),
 * "Yes, show me all the accounts", a TFSA (a cash account when joint), the account check,
 * landing on the profile step.
 * Answers the application id.
 */
export async function openProfileStep(
  page: Page,
  t: ToProfileText,
  { joint = false }: { joint?: boolean } = {},
): Promise<string> {
  await page.getByRole('button', { name: t.start }).click();
  const id = await applicationIdOn(page, 'ownership');
  if (joint) {
    await choiceIn(page, t.ownershipLegend, 'radio', t.joint).check();
    await choiceIn(page, t.relationshipLegend, 'radio', t.married).check();
  } else {
    await choiceIn(page, t.ownershipLegend, 'radio', t.justMe).check();
  }
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(stepUrl('doyouknow', id));
  await choiceIn(page, t.doYouKnowLegend, 'radio', t.knowsYes).check();
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(stepUrl('allaccounts', id));
  await expect(page.getByRole('heading', { level: 1, name: t.allAccountsHeading })).toBeVisible();
  // Two people cannot hold a registered plan but the RESP (ADR 0014): a joint one holds cash.
  if (joint) await choiceIn(page, t.nonRegistered, 'checkbox', t.cash).check();
  else await choiceIn(page, t.registered, 'checkbox', t.tfsa).check();
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(stepUrl('account', id));
  await expect(page.getByRole('heading', { level: 1, name: t.accountHeading })).toBeVisible();
  await saveAndContinue(page, t).click();
  await expect(page).toHaveURL(profileUrl('profile', id));
  await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
  return id;
}

/** A text box or select of the profile by its exact label. */
export function fieldOf(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/** The three boxes of a date, inside the question (fieldset) of that legend. */
export function dateBoxes(page: Page, t: ProfileFormText, legend: string) {
  const group = page.getByRole('group', { name: legend, exact: true });
  return {
    group,
    day: fieldOf(group, t.day),
    month: fieldOf(group, t.month),
    year: fieldOf(group, t.year),
  };
}

/** An address's fields, inside the fieldset of that legend. */
export function addressOf(page: Page, t: ProfileFormText, legend: string) {
  const group = page.getByRole('group', { name: legend, exact: true });
  return {
    group,
    lookup: group.getByRole('combobox', { name: t.findAddress }),
    streetNumber: fieldOf(group, t.streetNumber),
    streetName: fieldOf(group, t.streetName),
    city: fieldOf(group, t.city),
    province: fieldOf(group, t.province),
    postalCode: fieldOf(group, t.postalCode),
  };
}

/** The selected option's label of a select. */
export function selectedLabel(select: Locator): Locator {
  return select.locator('option:checked');
}

/** Types an address into its fields (manual entry, without the type-ahead). */
export async function typeAddress(
  page: Page,
  t: ProfileFormText,
  legend: string,
  address: AddressAnswers,
): Promise<void> {
  const fields = addressOf(page, t, legend);
  await fields.streetNumber.fill(address.streetNumber);
  await fields.streetName.fill(address.streetName);
  await fields.city.fill(address.city);
  await fields.province.selectOption({ label: address.province });
  await fields.postalCode.fill(address.postalCode);
}

/** Whether the page shows the joint applicant's profile, whose questions say "their". */
export function onJointProfile(page: Page): boolean {
  return profileUrl('profilejoint').test(page.url());
}

/**
 * Fills every answer of a profile step with valid answers: the names and email only where the
 * form asks for them (the primary's come read-only from the sign-in account), the preferred
 * language on the joint applicant's.
 */
export async function fillProfile(
  page: Page,
  t: ProfileFormText,
  answers: ProfileAnswers,
): Promise<void> {
  const joint = onJointProfile(page);
  await fieldOf(page, t.title).selectOption({ label: answers.title });
  if (answers.firstName !== undefined) await fieldOf(page, t.firstName).fill(answers.firstName);
  if (answers.lastName !== undefined) await fieldOf(page, t.lastName).fill(answers.lastName);
  const birthDate = dateBoxes(page, t, t.birthDate);
  await birthDate.day.fill(answers.birthDate.day);
  await birthDate.month.fill(answers.birthDate.month);
  await birthDate.year.fill(answers.birthDate.year);
  await fieldOf(page, t.sin).fill(answers.sin);
  await fieldOf(page, t.maritalStatus).selectOption({ label: answers.maritalStatus });
  await fieldOf(page, t.citizenship).selectOption({ label: answers.citizenship });
  if (answers.email !== undefined) await fieldOf(page, t.email).fill(answers.email);
  if (answers.confirmEmail !== undefined) {
    await fieldOf(page, joint ? t.jointConfirmEmail : t.confirmEmail).fill(answers.confirmEmail);
  }
  const phone = page.getByRole('group', { name: t.phoneGroup, exact: true });
  await fieldOf(phone, t.phoneType).selectOption({ label: answers.phoneType });
  await fieldOf(phone, t.phoneNumber).fill(answers.phoneNumber);
  if (joint) {
    await choiceIn(
      page,
      t.jointPreferredLanguage,
      'radio',
      answers.preferredLanguage ?? t.english,
    ).check();
  }
  await typeAddress(page, t, t.home, answers.homeAddress);
  await choiceIn(
    page,
    joint ? t.jointMailingSameAsHome : t.mailingSameAsHome,
    'radio',
    t.yes,
  ).check();
  await choiceIn(
    page,
    joint ? t.jointMovedWithinTwoYears : t.movedWithinTwoYears,
    'radio',
    t.no,
  ).check();
  await fillEmployment(page, t, answers);
  await fieldOf(page, t.netFixedAssets).fill(answers.netFixedAssets);
  await fieldOf(page, t.netLiquidAssets).fill(answers.netLiquidAssets);
}

/** The employment and income questions, the employer's included. */
export async function fillEmployment(
  page: Page,
  t: ProfileFormText,
  answers: ProfileAnswers,
): Promise<void> {
  await fieldOf(page, t.employmentStatus).selectOption({ label: answers.employmentStatus });
  await fieldOf(page, t.employerName).fill(answers.employerName);
  await fieldOf(page, t.industry).selectOption({ label: answers.industry });
  await chooseOccupation(page, t, answers.occupation);
  await fieldOf(page, t.employerCountry).selectOption({ label: answers.employerCountry });
  await fieldOf(page, t.employerProvince).selectOption({ label: answers.employerProvince });
  await fieldOf(page, t.employerCity).fill(answers.employerCity);
  await fieldOf(page, t.annualIncome).fill(answers.annualIncome);
  await fieldOf(page, t.incomeSource).selectOption({ label: answers.incomeSource });
}

/** Finds the occupation in its searchable list by typing its name, then chooses it. */
export async function chooseOccupation(
  page: Page,
  t: ProfileFormText,
  occupation: string,
): Promise<void> {
  // By role: the open list is labelled by the same label.
  const box = page.getByRole('combobox', { name: t.occupation, exact: true });
  await box.click();
  // Typed as a person types: the list filters on each key.
  await box.pressSequentially(occupation.slice(0, 8));
  await expect(page.getByRole('option', { name: occupation, exact: true })).toBeVisible();
  // Chosen with the arrow keys and Enter, as a keyboard user does: a pointer click could meet
  // the open list while it re-renders under it (CI once saw the option detach for 120 s).
  for (let step = 0; step < 30; step += 1) {
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    const name = active ? await page.locator(`[id="${active}"]`).textContent() : null;
    if (name?.trim() === occupation) break;
  }
  await box.press('Enter');
  await expect(box).toHaveValue(occupation);
}
