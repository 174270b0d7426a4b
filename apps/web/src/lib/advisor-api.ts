import type {
  AcceptAnswer,
  ConfirmBody,
  ExpressPrefill,
  InvestorInput,
  InvestorListItem,
  InvestorView,
  InvitationLookup,
  InvitationView,
  Page,
  SendInvitationBody,
} from '@portal/domain/express/express-api';
import { HttpError } from './http/http-client.ts';
import { http } from './http/http.ts';

export type {
  AcceptAnswer,
  ExpressPrefill,
  InvestorInput,
  InvestorListItem,
  InvestorView,
  InvitationLookup,
  InvitationView,
  Page,
};

// Advisor and invitee screens show their own designed error states, not the glitch page.
const quiet = { noErrorPage: true } as const;
const id = (value: string) => encodeURIComponent(value);

function queryOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What a refused call said: its status, code and the details the express screens use. */
export interface ExpressRefusal {
  status: number;
  errorCode: string;
  attemptsLeft: number | null;
  retryAfterSeconds: number | null;
  fields: Record<string, string>;
}

/** Reads a refusal from the answer; a failed network is status 0, `unexpected`. */
export function expressRefusalOf(error: unknown): ExpressRefusal {
  if (!(error instanceof HttpError)) {
    return {
      status: 0,
      errorCode: 'unexpected',
      attemptsLeft: null,
      retryAfterSeconds: null,
      fields: {},
    };
  }
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as {
    errorCode?: unknown;
    attemptsLeft?: unknown;
    retryAfterSeconds?: unknown;
    fields?: unknown;
  };
  const fields =
    typeof body.fields === 'object' && body.fields !== null
      ? Object.fromEntries(
          Object.entries(body.fields).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {};
  return {
    status: error.status,
    errorCode: typeof body.errorCode === 'string' ? body.errorCode : 'unexpected',
    attemptsLeft: typeof body.attemptsLeft === 'number' ? body.attemptsLeft : null,
    retryAfterSeconds: typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : null,
    fields,
  };
}

/** The advisor's book and invitations (issue 17): advisors only, 404 to everyone else. */
export const advisorApi = {
  search: (query: { search?: string; page?: number }, signal?: AbortSignal) =>
    http.get<Page<InvestorListItem>>(`/qadvisor/search/investor/express${queryOf(query)}`, {
      ...quiet,
      signal,
    }),
  addInvestor: (body: InvestorInput) => http.post<InvestorView>('/qadvisor/investors', body, quiet),
  investor: (investorId: string, signal?: AbortSignal) =>
    http.get<InvestorView>(`/qadvisor/investors/${id(investorId)}`, { ...quiet, signal }),
  sendInvitation: (investorId: string, body: SendInvitationBody) =>
    http.post<InvitationView>(`/qadvisor/investors/${id(investorId)}/invitations`, body, quiet),
  invitations: (page: number, signal?: AbortSignal) =>
    http.get<Page<InvitationView>>(`/qadvisor/invitations${queryOf({ page })}`, {
      ...quiet,
      signal,
    }),
};

/** The invitee's side: the token in the link is the key until they sign in. */
export const expressApi = {
  lookup: (token: string, signal?: AbortSignal) =>
    http.get<InvitationLookup>(`/express/invitations/${id(token)}`, { ...quiet, signal }),
  confirm: (token: string, body: ConfirmBody) =>
    http.post<{ confirmed: true }>(`/express/invitations/${id(token)}/confirm`, body, quiet),
  accept: (token: string) =>
    http.post<AcceptAnswer>(`/express/invitations/${id(token)}/accept`, {}, quiet),
  nextStep: (applicationId: string) =>
    http.get<{ step: string | null }>(`/applications/${id(applicationId)}/next-step`, quiet),
};
