import type { FastifyInstance } from 'fastify';
import type { InvestorView, InvitationView } from '@portal/domain/express/express-api';
import { bearer, uniqueEmail, type TestUser } from '../../test/users.ts';
import { mailboxHeaders } from '../../test/mailbox.ts';

export const API = '/service/jaxrs';

/** What an advisor typically knows of an investor: both confirmation answers, a home. */
export const investorInput = (overrides: Record<string, unknown> = {}) => ({
  title: 2,
  firstName: 'Élise',
  lastName: "O'Brien-Côté",
  email: uniqueEmail('elise'),
  language: 'fr',
  birthDate: '1979-06-14',
  postalCode: 'h3b1k9',
  mobilePhone: '(514) 555-0188',
  address: {
    streetNumber: '1200',
    streetName: 'rue Sainte-Catherine Ouest',
    city: 'Montréal',
    provinceId: 11,
    postalCode: 'h3b 1k9',
    countryId: 1,
  },
  ...overrides,
});

export async function addInvestor(
  app: FastifyInstance,
  advisor: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<InvestorView> {
  const response = await app.inject({
    method: 'POST',
    url: `${API}/qadvisor/investors`,
    headers: bearer(advisor.token),
    payload: investorInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`add answered ${response.body}`);
  return response.json<InvestorView>();
}

/** Sends an invitation and reads its token from the mail, as the investor would. */
export async function invite(
  app: FastifyInstance,
  advisor: TestUser,
  investor: { id: string; email: string },
  accountTypes: string[] = ['tfsa'],
): Promise<{ invitation: InvitationView; token: string; mail: { subject: string; text: string } }> {
  const response = await app.inject({
    method: 'POST',
    url: `${API}/qadvisor/investors/${investor.id}/invitations`,
    headers: bearer(advisor.token),
    payload: { accountTypes },
  });
  if (response.statusCode !== 201) throw new Error(`send answered ${response.body}`);
  await app.outbox.runOnce();
  const messages = (
    await app.inject({
      url: `/sandbox/mailbox/messages?to=${encodeURIComponent(investor.email)}`,
      headers: mailboxHeaders,
    })
  ).json<{ subject: string; text: string }[]>();
  const mail = messages[0];
  const token = mail && /#\/action\?token=([\w-]{43})/.exec(mail.text)?.[1];
  if (!mail || !token) throw new Error('no invitation mailed');
  return { invitation: response.json<InvitationView>(), token, mail };
}
