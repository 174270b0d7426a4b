import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { progressStepFor, type OnboardingStep } from '@portal/domain/onboarding-steps';
import { AdvisorErrorPage } from '../features/errors/advisor-error-page.tsx';
import { ErrorPage } from '../features/errors/error-page.tsx';
import { ExpressErrorPage } from '../features/errors/express-error-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { TrialErrorPage } from '../features/errors/trial-error-page.tsx';
import { ExternalRedirectPage } from '../features/redirect/external-redirect-page.tsx';
import { LogoutPage } from '../features/session/logout-page.tsx';
import { OAuthPage, oauthLoader } from '../features/session/oauth-page.tsx';
import { VersionPage } from '../features/version/version-page.tsx';
import { RootLayout, RootLayoutLoading, type ShellHandle } from './root-layout.tsx';
import { requireSignIn } from '../lib/require-sign-in.ts';
import { NameCorrectionGate } from '../features/home/name-section-gate.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { RIF_PAYOUT_ROUTE, rifPayoutPath } from '../features/rif-payout/rif-payout-path.ts';
import { RouteError } from './route-error.tsx';
import { useUserInfo, type UserInfo } from '../lib/user-info.tsx';
import { hasPendingExpressToken } from '../lib/express-token.ts';

const notFound: RouteObject = { path: '*', Component: NotFoundPage };

/** One route per onboarding screen (spec section 2 order); each loads on demand. */
const step = (
  path: OnboardingStep,
  load: () => Promise<{ default: ComponentType }>,
): RouteObject => ({
  path,
  handle: { step: path, progressStep: progressStepFor(path) },
  lazy: async () => ({ Component: (await load()).default }),
});

const applicationIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Below /application, a path that cannot be an application's id is a page that does not exist. */
function onlyForApplicationIds(Layout: ComponentType): ComponentType {
  return function ApplicationRoute() {
    const { applicationId = '' } = useParams();
    return applicationIdPattern.test(applicationId) ? <Layout /> : <NotFoundPage />;
  };
}

/**
 * Pages kept to some people: the operations console to staff (issue 16), the advisor pages to
 * advisors (issue 17). Anyone else sees a page that does not exist, and never downloads the
 * pages' code: it is asked for only once the person is known to be allowed.
 */
function onlyFor(
  allowed: (user: UserInfo) => boolean,
  load: () => Promise<ComponentType<{ notFound: ReactNode }>>,
): ComponentType {
  const Pages = lazy(async () => ({ default: await load() }));
  return function GuardedRoute() {
    const userInfo = useUserInfo();
    if (userInfo.status === 'loading') return <LoadingScreen />;
    return userInfo.status === 'signedIn' && allowed(userInfo.user) ? (
      <Suspense fallback={<LoadingScreen />}>
        <Pages notFound={<NotFoundPage />} />
      </Suspense>
    ) : (
      <NotFoundPage />
    );
  };
}
const isStaff = (user: UserInfo) => user.adminLogin;
const isAdvisor = (user: UserInfo) => user.advisor;

/** Staff land in the console after signing in (ADR 0023): the dashboard is the clients'. */
function staffToConsole(Dashboard: ComponentType): ComponentType {
  return function DashboardRoute() {
    const userInfo = useUserInfo();
    return userInfo.status === 'signedIn' && userInfo.user.adminLogin ? (
      <Navigate to="/operations" replace />
    ) : (
      <Dashboard />
    );
  };
}

/**
 * Advisors land on their search after signing in (spec section 7); an invitee who signed in or
 * registered on the way from an express link goes back to it (its token waits in the tab).
 */
function advisorToSearch(Dashboard: ComponentType): ComponentType {
  return function DashboardRoute() {
    const userInfo = useUserInfo();
    if (userInfo.status === 'signedIn' && userInfo.user.advisor) {
      return <Navigate to="/qadvisor/search/investor/express" replace />;
    }
    if (userInfo.status === 'signedIn' && hasPendingExpressToken()) {
      return <Navigate to="/action" replace />;
    }
    return <Dashboard />;
  };
}

const onboardingStepRoutes: RouteObject[] = [
  step('ownership', async () => ({
    default: (await import('../features/onboarding/account/ownership-step.tsx')).OwnershipStep,
  })),
  step('doyouknow', async () => ({
    default: (await import('../features/onboarding/account/doyouknow-step.tsx')).DoYouKnowStep,
  })),
  step('goals', async () => ({
    default: (await import('../features/onboarding/account/goals-step.tsx')).GoalsStep,
  })),
  step('relatedaccounts', async () => ({
    default: (await import('../features/onboarding/account/related-accounts-step.tsx'))
      .RelatedAccountsStep,
  })),
  step('allaccounts', async () => ({
    default: (await import('../features/onboarding/account/all-accounts-step.tsx')).AllAccountsStep,
  })),
  step('options', async () => ({
    default: (await import('../features/onboarding/account/options-step.tsx')).OptionsStep,
  })),
  step('account', async () => ({
    default: (await import('../features/onboarding/account/account-step.tsx')).AccountStep,
  })),
  step('profile', async () => ({
    default: (await import('../features/onboarding/profile/express-profile-step.tsx'))
      .ExpressAwareProfileStep,
  })),
  step('profilejoint', async () => ({
    default: (await import('../features/onboarding/profile/profile-step.tsx')).JointProfileStep,
  })),
  step('otherinterests', async () => ({
    default: (await import('../features/onboarding/financial/other-interests-step.tsx'))
      .OtherInterestsStep,
  })),
  step('review', async () => ({
    default: (await import('../features/onboarding/review/review-step.tsx')).ReviewStep,
  })),
  step('funding', async () => {
    // Features do not import each other: the RRIF payout screen's path comes from here.
    const { FundingStep } = await import('../features/onboarding/funding/funding-step.tsx');
    // From the step, the RRIF payout screen goes back to the step (findings A-M4).
    return {
      default: () => <FundingStep rifPayoutPathOf={(id) => rifPayoutPath(id, 'application')} />,
    };
  }),
  step('qualid', async () => ({
    default: (await import('../features/onboarding/identity/qualid-step.tsx')).QualidStep,
  })),
  step('esign', async () => ({
    default: (await import('../features/onboarding/signing/esign-step.tsx')).EsignStep,
  })),
  step('nextsteps', async () => ({
    default: (await import('../features/onboarding/complete/next-steps-step.tsx')).NextStepsStep,
  })),
];

/** The top-level routes of spec section 2. `auth-code`, `action`, `application` and `home` load on demand. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // The shell stays while the first screen's code loads (ADR 0027).
    HydrateFallback: RootLayoutLoading,
    children: [
      {
        // A pathless layer, so a failing screen keeps the header and footer around its error.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/home/dashboard" replace /> },
          { path: 'oauth', loader: oauthLoader, Component: OAuthPage },
          {
            path: 'logout',
            Component: LogoutPage,
            handle: { logoutDisabled: true } satisfies ShellHandle,
          },
          {
            path: 'action',
            lazy: async () => ({
              Component: (await import('../features/action/action-page.tsx')).ActionPage,
            }),
          },
          {
            // The phone pages of photo ID (issue 13): the credential in the path is the only key.
            path: 'verify/:credential',
            lazy: async () => ({
              Component: (await import('../features/identity-capture/identity-capture-page.tsx'))
                .IdentityCapturePage,
            }),
          },
          {
            // Everything below needs a signed-in person; error pages and version stay open.
            loader: requireSignIn,
            // A name the name rule refuses is corrected before anything else (issue 12).
            Component: NameCorrectionGate,
            children: [
              {
                path: 'auth-code',
                lazy: async () => ({
                  Component: (await import('../features/auth-code/auth-code-page.tsx'))
                    .AuthCodePage,
                }),
              },
              {
                path: 'application',
                children: [
                  { index: true, element: <Navigate to="/home/dashboard" replace /> },
                  {
                    path: ':applicationId',
                    lazy: async () => ({
                      Component: onlyForApplicationIds(
                        (await import('../features/onboarding/step/application-layout.tsx'))
                          .ApplicationLayout,
                      ),
                    }),
                    // The layout sends the index, and any step not open yet, to where to resume.
                    children: [{ index: true, element: null }, ...onboardingStepRoutes],
                  },
                  {
                    // The promo code screen (issue 17), outside the steps' progress.
                    path: ':applicationId/promo',
                    lazy: async () => ({
                      Component: onlyForApplicationIds(
                        (await import('../features/onboarding/promo/promo-page.tsx')).PromoPage,
                      ),
                    }),
                  },
                  notFound,
                ],
              },
              {
                path: 'home',
                lazy: async () => ({
                  Component: (await import('../features/home/home-layout.tsx')).HomeLayout,
                }),
                children: [
                  { index: true, element: <Navigate to="/home/dashboard" replace /> },
                  {
                    path: 'dashboard',
                    lazy: async () => ({
                      Component: staffToConsole(
                        advisorToSearch(
                          (await import('../features/home/dashboard-page.tsx')).DashboardPage,
                        ),
                      ),
                    }),
                  },
                  {
                    path: 'settings',
                    lazy: async () => ({
                      Component: (await import('../features/home/settings-page.tsx')).SettingsPage,
                    }),
                  },
                  {
                    // The client's funding page (issue 14): EFTs and PACs, cancel, delete, request.
                    path: 'funding',
                    lazy: async () => {
                      const { FundingPage } = await import('../features/funding/funding-page.tsx');
                      return {
                        Component: () => <FundingPage rifPayoutPathOf={rifPayoutPath} />,
                      };
                    },
                  },
                  {
                    // RRIF payouts of an application's income funds (issue 15), behind a flag.
                    path: RIF_PAYOUT_ROUTE,
                    lazy: async () => ({
                      Component: (await import('../features/rif-payout/rif-payout-page.tsx'))
                        .RifPayoutPage,
                    }),
                  },
                  {
                    // Before a partner-referred application starts (issue 17).
                    path: 'partner-agreement',
                    lazy: async () => ({
                      Component: (await import('../features/home/partner-agreement-page.tsx'))
                        .PartnerAgreementPage,
                    }),
                  },
                  {
                    // Where the verification mail and the dashboard's notice lead.
                    path: 'verify-email',
                    lazy: async () => ({
                      Component: (await import('../features/home/verify-email-page.tsx'))
                        .VerifyEmailPage,
                    }),
                  },
                  notFound,
                ],
              },
              {
                // The advisor pages (issue 17), loaded on demand as one piece like the console.
                path: 'qadvisor/*',
                Component: onlyFor(
                  isAdvisor,
                  async () =>
                    (await import('../features/advisor/advisor-layout.tsx')).AdvisorLayout,
                ),
              },
              {
                // The staff console (issue 16; ADR 0023), loaded on demand as one piece; its
                // screens are its own routes below this one.
                path: 'operations/*',
                Component: onlyFor(
                  isStaff,
                  async () =>
                    (await import('../features/operations/operations-layout.tsx')).OperationsLayout,
                ),
              },
            ],
          },
          { path: 'advisor-error', Component: AdvisorErrorPage },
          { path: 'error', Component: ErrorPage },
          { path: 'not-found', Component: NotFoundPage },
          { path: 'express-error', Component: ExpressErrorPage },
          {
            path: 'trial-error',
            Component: TrialErrorPage,
            // The page itself asks whether to log out.
            handle: { logoutDisabled: true } satisfies ShellHandle,
          },
          { path: 'version', Component: VersionPage },
          { path: 'externalRedirect', Component: ExternalRedirectPage },
          notFound,
        ],
      },
    ],
  },
];
