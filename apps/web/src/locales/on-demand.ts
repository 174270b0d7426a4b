import type { i18n } from 'i18next';
import enAccount from './en/account.json';
import enAuthCode from './en/authCode.json';
import enDashboardOutcome from './en/dashboardOutcome.json';
import enDocuments from './en/documents.json';
import enEsign from './en/esign.json';
import enFinancial from './en/financial.json';
import enFunding from './en/funding.json';
import enFundingPage from './en/fundingPage.json';
import enIdentity from './en/identity.json';
import enIdentityCapture from './en/identityCapture.json';
import enNextSteps from './en/nextSteps.json';
import enOnboarding from './en/onboarding.json';
import enProfile from './en/profile.json';
import enReview from './en/review.json';
import enRifPayout from './en/rifPayout.json';
import enTransfers from './en/transfers.json';
import frAccount from './fr/account.json';
import frAuthCode from './fr/authCode.json';
import frDashboardOutcome from './fr/dashboardOutcome.json';
import frDocuments from './fr/documents.json';
import frEsign from './fr/esign.json';
import frFinancial from './fr/financial.json';
import frFunding from './fr/funding.json';
import frFundingPage from './fr/fundingPage.json';
import frIdentity from './fr/identity.json';
import frIdentityCapture from './fr/identityCapture.json';
import frNextSteps from './fr/nextSteps.json';
import frOnboarding from './fr/onboarding.json';
import frProfile from './fr/profile.json';
import frReview from './fr/review.json';
import frRifPayout from './fr/rifPayout.json';
import frTransfers from './fr/transfers.json';

/**
 * The catalogues of the application and account screens: bundled with those screens (still local, as the
 * spec says), not with the first download, which only needs the shell and the dashboard.
 */
export const onDemandResources = {
  en: {
    onboarding: enOnboarding,
    profile: enProfile,
    financial: enFinancial,
    funding: enFunding,
    fundingPage: enFundingPage,
    documents: enDocuments,
    esign: enEsign,
    identity: enIdentity,
    identityCapture: enIdentityCapture,
    authCode: enAuthCode,
    review: enReview,
    nextSteps: enNextSteps,
    account: enAccount,
    rifPayout: enRifPayout,
    transfers: enTransfers,
    dashboardOutcome: enDashboardOutcome,
  },
  fr: {
    onboarding: frOnboarding,
    profile: frProfile,
    financial: frFinancial,
    funding: frFunding,
    fundingPage: frFundingPage,
    documents: frDocuments,
    esign: frEsign,
    identity: frIdentity,
    identityCapture: frIdentityCapture,
    authCode: frAuthCode,
    review: frReview,
    nextSteps: frNextSteps,
    account: frAccount,
    rifPayout: frRifPayout,
    transfers: frTransfers,
    dashboardOutcome: frDashboardOutcome,
  },
} as const;

/** Adds the on-demand catalogues to an instance; cheap and safe to call on every render. */
export function addOnDemandCatalogues(instance: i18n): void {
  for (const language of ['en', 'fr'] as const) {
    for (const [namespace, catalogue] of Object.entries(onDemandResources[language])) {
      if (!instance.hasResourceBundle(language, namespace)) {
        instance.addResourceBundle(language, namespace, catalogue);
      }
    }
  }
}
