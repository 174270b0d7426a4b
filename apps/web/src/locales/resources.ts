import type account from './en/account.json';
import type advisor from './en/advisor.json';
import type authCode from './en/authCode.json';
import type common from './en/common.json';
import type dashboard from './en/dashboard.json';
import type dashboardOutcome from './en/dashboardOutcome.json';
import type documents from './en/documents.json';
import type errors from './en/errors.json';
import type esign from './en/esign.json';
import type express from './en/express.json';
import type financial from './en/financial.json';
import type forms from './en/forms.json';
import type funding from './en/funding.json';
import type fundingPage from './en/fundingPage.json';
import type identity from './en/identity.json';
import type identityCapture from './en/identityCapture.json';
import type inMemory from './en/inMemory.json';
import type nextSteps from './en/nextSteps.json';
import type onboarding from './en/onboarding.json';
import type operations from './en/operations.json';
import type pages from './en/pages.json';
import type partners from './en/partners.json';
import type profile from './en/profile.json';
import type review from './en/review.json';
import type signedIn from './en/signedIn.json';
import type rifPayout from './en/rifPayout.json';
import type transfers from './en/transfers.json';

/**
 * The shape of every catalogue (the English one; the French one has the same keys, checked by
 * catalogues.test.ts), for the translate functions' key types. Types only: each catalogue is
 * downloaded on its own, in one language (lib/translation, ADR 0031).
 */
export type AllResources = {
  account: typeof account;
  advisor: typeof advisor;
  authCode: typeof authCode;
  common: typeof common;
  dashboard: typeof dashboard;
  dashboardOutcome: typeof dashboardOutcome;
  documents: typeof documents;
  errors: typeof errors;
  esign: typeof esign;
  express: typeof express;
  financial: typeof financial;
  forms: typeof forms;
  funding: typeof funding;
  fundingPage: typeof fundingPage;
  identity: typeof identity;
  identityCapture: typeof identityCapture;
  inMemory: typeof inMemory;
  nextSteps: typeof nextSteps;
  onboarding: typeof onboarding;
  operations: typeof operations;
  pages: typeof pages;
  partners: typeof partners;
  profile: typeof profile;
  review: typeof review;
  signedIn: typeof signedIn;
  rifPayout: typeof rifPayout;
  transfers: typeof transfers;
};

/** Every namespace, each a file `src/locales/<language>/<namespace>.json`. */
export const ALL_NAMESPACES = [
  'account',
  'advisor',
  'authCode',
  'common',
  'dashboard',
  'dashboardOutcome',
  'documents',
  'errors',
  'esign',
  'express',
  'financial',
  'forms',
  'funding',
  'fundingPage',
  'identity',
  'identityCapture',
  'inMemory',
  'nextSteps',
  'onboarding',
  'operations',
  'pages',
  'partners',
  'profile',
  'review',
  'signedIn',
  'rifPayout',
  'transfers',
] as const satisfies readonly (keyof AllResources)[];
