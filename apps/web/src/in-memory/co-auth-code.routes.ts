import {
  coAuthCodeErrorCodes,
  demoAuthCodeStatuses,
  isDemoAuthCode,
} from '@portal/domain/rules/co-auth-code';
import { codeMessagesEn, codeMessagesFr } from '@portal/domain/messages/code-messages';
import {
  applicationMessages,
  notFound,
  refusal,
  type InMemoryAnswer,
  type InMemoryRequest,
} from './answers.ts';

/**
 * The joint applicant's code: the sample applicant was invited to no application, so every
 * call answers 404 `coAuthCodeNotFound`, except the demo codes of the demo flags (2000, 4010,
 * 4030, 4040), which answer the status they stand for, as the server's demo environment does.
 */
export function coAuthCode(
  method: string,
  route: string,
  request: InMemoryRequest,
): InMemoryAnswer {
  // The messages in the caller's language (Accept-Language), as the server answers them.
  const messages = request.headers.get('accept-language')?.startsWith('fr')
    ? codeMessagesFr
    : codeMessagesEn;
  const none = () => ({
    status: 404,
    body: {
      status: 404,
      errorCode: coAuthCodeErrorCodes.notFound,
      message: messages.coAuthCodeNotFound,
    },
  });
  if (route === '/coAuthCode') return method === 'GET' || method === 'POST' ? none() : notFound();
  const code = decodeURIComponent(route.slice('/coAuthCode/'.length));
  if (method !== 'PUT') return notFound();
  if (!/^\d{4}$/.test(code)) {
    return refusal(400, 'invalidInput', applicationMessages.invalidInput, {
      fields: { code: 'invalid' },
    });
  }
  if (!isDemoAuthCode(code)) return none();
  const status = demoAuthCodeStatuses[code];
  const now = new Date();
  if (status === 200) {
    return {
      status,
      body: {
        status,
        state: 'verified',
        applicationId: '00000000-0000-4000-8000-000000000000',
        expiresAt: new Date(now.getTime() + 24 * 60 * 60_000).toISOString(),
        attemptsLeft: 5,
        resendAvailableAt: null,
        verifiedAt: now.toISOString(),
      },
    };
  }
  if (status === 401) {
    return {
      status,
      body: {
        status,
        errorCode: coAuthCodeErrorCodes.mismatch,
        message: messages.coAuthCodeMismatch,
        attemptsLeft: 4,
      },
    };
  }
  if (status === 403) {
    return {
      status,
      body: {
        status,
        errorCode: coAuthCodeErrorCodes.maxAttempts,
        message: messages.coAuthCodeMaxAttempts,
        attemptsLeft: 0,
      },
    };
  }
  return none();
}
