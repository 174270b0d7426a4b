import { z } from 'zod';
import type { NamedAccountTypeName } from '../enums/account-types.ts';
import type { ExpressLinkProblem } from './express-links.ts';

/**
 * Advisors and express applications (issue 17; spec sections 2, 3, 5, 6, 7 and 8).
 *
 * An advisor keeps a book of investors and sends one of them an express invitation: a mail
 * with a single-use link `#/action?token=...` valid `EXPRESS_INVITATION_TTL_SECONDS` (server
 * configuration; this default otherwise). A new invitation to the same investor voids the older
 * ones. The invitee confirms their birth date or postal code against what the advisor entered
 * (one must match; `EXPRESS_CONFIRM_MAX_FAILURES` wrong answers in a row lock the link for
 * `EXPRESS_CONFIRM_LOCK_MINUTES`), signs in or registers, and accepts: the server creates an
 * individual application with the advisor's account types chosen and the profile prefilled as a
 * draft the applicant still edits.
 *
 * Paths (all under /service/jaxrs). Advisor-only paths answer 404 to every other role (and 401
 * signed out); an advisor reaches only their own investors and invitations (404 otherwise).
 * - GET  qadvisor/search/investor/express?search&page   Page<InvestorListItem> (the advisor search)
 * - POST qadvisor/investors                             InvestorInput -> InvestorView
 *                                                       (409 `investorExists` for an email already in the book)
 * - GET  qadvisor/investors/{id}                        InvestorView
 * - PUT  qadvisor/investors/{id}                        InvestorInput -> InvestorView
 * - POST qadvisor/investors/{id}/invitations            SendInvitationBody -> InvitationView (mails the link)
 * - GET  qadvisor/invitations?page                      Page<InvitationView>, newest first
 * Invitee (no sign-in needed for the first two; the token is the secret):
 * - GET  express/invitations/{token}                    InvitationLookup (marks it opened)
 * - POST express/invitations/{token}/confirm            ConfirmBody -> { confirmed: true }
 *        400 `expressMismatch` { attemptsLeft }; 429 `expressLocked` { retryAfterSeconds };
 *        410 with an ExpressLinkProblem as errorCode when the link cannot be used
 * - POST express/invitations/{token}/accept             (signed-in client) -> AcceptAnswer
 *        409 `expressNotConfirmed` before a confirmation; 410 ExpressLinkProblem; accepting
 *        again as the same person answers the same application; another person gets 410 `used`
 * - GET  express/applications/{applicationId}/prefill (signed-in client) -> ExpressPrefill: the
 *        profile step's draft from what the advisor entered; 204 when the caller's application
 *        did not come from an invitation (most do not: no draft is an answer, not an error), 404
 *        when the application is not the caller's. Nothing is saved on the profile step itself
 *        (a saved step counts as answered and is skipped), so the profile screen starts from
 *        this draft while the step is unsaved and the step's normal validation checks it on
 *        Save & Continue.
 * Other answers: 429 `tooManyInvitations` { retryAfterSeconds } on a send past the advisor's
 * hourly bound; 400 `invalidInput` { fields } on a send whose account types the allaccounts step
 * would refuse (`accountTypes`: tooManyRegistered, tooManyNonRegistered; `accountTypes.N`:
 * invalid), and on an investor whose postal code is not Canadian or birth date not a past day
 * (`postalCode`, `address.postalCode`, `birthDate`: invalid).
 *
 * The page an advisor bookmarks, `/qadvisor/search/investor/express` (spec section 7), is
 * answered by the server with a redirect to the client route `#/qadvisor/search/investor/express`.
 */

/** An invitation link's life unless the server is configured otherwise: 7 days. */
export const EXPRESS_INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const EXPRESS_CONFIRM_MAX_FAILURES = 5;
export const EXPRESS_CONFIRM_LOCK_MINUTES = 15;
/** After a confirmation the invitee has this long to sign in or register and accept. */
export const EXPRESS_CONFIRMATION_VALID_MINUTES = 60;
export const ADVISOR_PAGE_SIZE = 20;

export {
  expressErrorQuery,
  expressLinkProblems,
  type ExpressLinkProblem,
} from './express-links.ts';

/** The states an advisor sees for an invitation, in the order they happen. */
export const invitationStates = [
  'sent',
  'opened',
  'started',
  'submitted',
  'approved',
  'declined',
  'expired',
  'replaced',
] as const;
export type InvitationState = (typeof invitationStates)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid');

/** What the advisor knows of the investor; all but the names, email and one of birth date or postal code is optional. */
export const investorInputSchema = z
  .object({
    title: z.number().int().optional(),
    firstName: z.string().trim().min(1, 'required').max(50),
    lastName: z.string().trim().min(1, 'required').max(50),
    email: z.email('emailFormat').trim().toLowerCase(),
    language: z.enum(['en', 'fr']),
    birthDate: isoDate.optional(),
    /** Canadian postal code, stored normalised `A1A 1A1`. */
    postalCode: z.string().trim().optional(),
    mobilePhone: z.string().trim().optional(),
    address: z
      .object({
        suite: z.string().optional(),
        streetNumber: z.string(),
        streetName: z.string(),
        city: z.string(),
        provinceId: z.number().int(),
        postalCode: z.string(),
        countryId: z.literal(1),
      })
      .optional(),
  })
  .refine((value) => value.birthDate !== undefined || value.postalCode !== undefined, {
    path: ['birthDate'],
    message: 'birthDateOrPostalCode',
  });
export type InvestorInput = z.input<typeof investorInputSchema>;

export interface InvitationView {
  id: string;
  investorId: string;
  investorName: string;
  accountTypes: NamedAccountTypeName[];
  state: InvitationState;
  sentAt: string;
  expiresAt: string;
  openedAt: string | null;
  startedAt: string | null;
  /** Set once the application reached under review. */
  submittedAt: string | null;
}

export interface InvestorListItem {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The newest invitation's state; null when none was sent. */
  latestInvitation: InvitationView | null;
}

export interface InvestorView extends InvestorListItem {
  details: InvestorInput;
  invitations: InvitationView[];
}

export const sendInvitationBodySchema = z.object({
  /** The account types proposed (at most one registered and one non-registered, spec section 5). */
  accountTypes: z.array(z.string()).min(1, 'required').max(2),
});
export type SendInvitationBody = z.infer<typeof sendInvitationBodySchema>;

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export type InvitationLookup =
  | {
      status: 'valid';
      advisorName: string;
      investorFirstName: string;
      expiresAt: string;
      /** True once confirmed (within EXPRESS_CONFIRMATION_VALID_MINUTES): go straight to accept. */
      confirmed: boolean;
    }
  | { status: ExpressLinkProblem };

/** One of the two is enough; both may be given. */
export const confirmBodySchema = z
  .object({ birthDate: isoDate.optional(), postalCode: z.string().trim().max(10).optional() })
  .refine((value) => value.birthDate !== undefined || value.postalCode !== undefined, {
    message: 'required',
  });
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

export interface AcceptAnswer {
  applicationId: string;
}

/**
 * The profile step's draft, shaped as the profile step's saved data (packages/domain
 * rules/profile.ts): only what the advisor knew, e.g. `title`, `firstName`, `lastName`,
 * `birthDate`, `email`, `phones` ([{ type: 3 (mobile), number }]) and `homeAddress`.
 */
export interface ExpressPrefill {
  profile: Record<string, unknown>;
  /** The advisor who invited the applicant, to name on the screen. */
  advisorName: string;
}
