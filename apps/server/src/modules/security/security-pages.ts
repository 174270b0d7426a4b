import { messageFor } from '@portal/domain';
import type { SmsDeliveryProblem } from '@portal/domain/messages/sms-delivery-messages';
import { BRAND_HEADER_STYLE, brandHomeLink } from '../../lib/pages/brand-logo.ts';
import { errorSummary, escapeHtml, renderPage } from '../../lib/pages/page-shell.ts';
import { securityText, type SecurityPagesLanguage } from './security-pages.locales.ts';

interface FieldError {
  field: string;
  /** A domain message key, or a page text key. */
  message: string;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:'Liberation Sans',Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1b2631;background:#f5f7f8}
${BRAND_HEADER_STYLE}header div,main{width:min(36rem,100% - 2rem);margin:0 auto}
header div{display:flex;justify-content:space-between;align-items:center;padding:.75rem 0}
main{padding:2rem 0;overflow-wrap:anywhere}
.panel{background:#fff;padding:2rem;border-radius:4px;box-shadow:0 1px 3px rgb(0 0 0/12%)}
h1{margin-top:0;font-size:2rem;line-height:1.2}label,legend{display:block;font-weight:700;margin-top:1.25rem}
.hint{color:#4a5661;margin:.25rem 0}input[type=email],input[type=password],input[type=text]{width:100%;padding:.6rem;font:inherit;border:2px solid #1b2631;border-radius:4px;margin-top:.25rem}
input:focus,button:focus,a:focus{outline:3px solid #ffbf47;outline-offset:2px}
.error-message{color:#b3261e;font-weight:700;margin:.25rem 0}.invalid{border-color:#b3261e!important}
.error-summary{border:4px solid #b3261e;padding:1rem;margin-bottom:1.5rem}.error-summary h2{margin-top:0;font-size:1.25rem}
.error-summary a{color:#b3261e;font-weight:700}fieldset{border:0;padding:0;margin:0}
.radio{display:flex;gap:.5rem;align-items:center;margin-top:.5rem;font-weight:400}
.notice{border-left:6px solid #0b5a6e;padding:.5rem 1rem;background:#eef6f8}
button.secondary{color:#0b5a6e;background:#fff}
button,.button{display:inline-block;margin-top:1.5rem;padding:.6rem 1.5rem;font:inherit;font-weight:700;color:#fff;background:#0b5a6e;border:2px solid #0b5a6e;border-radius:4px;cursor:pointer;text-decoration:none}
a{color:#0b5a6e}`;

function layout(
  language: SecurityPagesLanguage,
  title: string,
  body: string,
  { hasErrors = false, switchHref }: { hasErrors?: boolean; switchHref: string },
): string {
  const t = securityText(language);
  return renderPage(language, {
    title,
    siteName: t.appTitle,
    style: STYLE,
    brand: brandHomeLink(t.homeLink),
    body,
    switchHref,
    hasErrors,
  });
}

/**
 * The summary of `errors`, each message a page text or a domain message. With `labels` (a form
 * of several fields, in page order), each entry names its field, as the spec's generic
 * "Required." does not, and the entries come in the order of the fields.
 */
const summaryOf = (
  language: SecurityPagesLanguage,
  errors: FieldError[],
  text: (key: string) => string,
  labels: Record<string, string> = {},
) => {
  const order = Object.keys(labels);
  const placed = (error: FieldError) =>
    order.includes(error.field) ? order.indexOf(error.field) : order.length;
  return errorSummary(
    language,
    [...errors]
      .sort((a, b) => placed(a) - placed(b))
      .map((error) => {
        const label = labels[error.field];
        const message = text(error.message);
        return {
          field: error.field,
          text: label
            ? securityText(language)
                .summaryItem.replace('{field}', () => label)
                .replace('{message}', () => message)
            : message,
        };
      }),
  );
};

function field(
  id: string,
  label: string,
  type: string,
  options: {
    value?: string;
    autocomplete: string;
    hint?: string;
    error?: string;
    inputmode?: string;
  },
) {
  const describedBy = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `<label for="${id}">${escapeHtml(label)}</label>
${options.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}
${options.error ? `<p class="error-message" id="${id}-error">${escapeHtml(options.error)}</p>` : ''}
<input id="${id}" name="${id}" type="${type}" autocomplete="${options.autocomplete}" spellcheck="false"${options.inputmode ? ` inputmode="${options.inputmode}"` : ''}
${options.value ? `value="${escapeHtml(options.value)}"` : ''} ${describedBy ? `aria-describedby="${describedBy}"` : ''}
${options.error ? 'aria-invalid="true" class="invalid"' : ''} required>`;
}

const textOrMessage = (language: SecurityPagesLanguage) => (key: string) => {
  const t = securityText(language) as Record<string, string>;
  return t[key] ?? messageFor(key, language);
};

export type SignInProblem =
  'signInFailed' | 'signInLocked' | 'signInBusy' | 'mfaSetupRequired' | 'challengeExpired';

const hiddenReturnTo = (returnTo?: string) =>
  returnTo ? `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">` : '';

/** `{email}` in a page text, escaped with the rest. */
const withEmail = (text: string, email: string) =>
  escapeHtml(text).replace('{email}', `<strong>${escapeHtml(email)}</strong>`);

export function signInPage(
  language: SecurityPagesLanguage,
  options: { returnTo?: string; username?: string; problem?: SignInProblem } = {},
): string {
  const t = securityText(language);
  const errors: FieldError[] = options.problem
    ? [{ field: 'username', message: options.problem }]
    : [];
  const returnTo = options.returnTo
    ? `<input type="hidden" name="returnTo" value="${escapeHtml(options.returnTo)}">`
    : '';
  const query = options.returnTo ? `?returnTo=${encodeURIComponent(options.returnTo)}` : '';
  const body = `${summaryOf(language, errors, textOrMessage(language))}
<h1>${escapeHtml(t.signInTitle)}</h1><p>${escapeHtml(t.signInIntro)}</p>
<form method="post" action="/security/login" novalidate>${returnTo}
${field('username', t.email, 'email', { value: options.username, autocomplete: 'username', error: options.problem ? t[options.problem] : undefined })}
${field('password', t.password, 'password', { autocomplete: 'current-password' })}
<button type="submit">${escapeHtml(t.signInButton)}</button></form>
<p><a href="/security/forgot-password">${escapeHtml(t.forgotLink)}</a></p>
<p>${escapeHtml(t.noAccount)} <a href="/security/register${query}">${escapeHtml(t.createAccountLink)}</a></p>`;
  const switchHref = `/security/login?lang=${language === 'fr' ? 'en' : 'fr'}${options.returnTo ? `&returnTo=${encodeURIComponent(options.returnTo)}` : ''}`;
  return layout(language, t.signInTitle, body, { hasErrors: errors.length > 0, switchHref });
}

export interface RegisterForm {
  email?: string;
  firstName?: string;
  lastName?: string;
  language?: string;
}

export function registerPage(
  language: SecurityPagesLanguage,
  options: { values?: RegisterForm; errors?: FieldError[]; returnTo?: string } = {},
): string {
  const t = securityText(language);
  const errors = options.errors ?? [];
  const text = textOrMessage(language);
  const errorOf = (name: string) => {
    const found = errors.find((error) => error.field === name);
    return found ? text(found.message) : undefined;
  };
  const values = options.values ?? {};
  const chosen =
    values.language === 'fr' || (values.language !== 'en' && language === 'fr') ? 'fr' : 'en';
  const returnTo = options.returnTo
    ? `<input type="hidden" name="returnTo" value="${escapeHtml(options.returnTo)}">`
    : '';
  const labels = {
    firstName: t.firstName,
    lastName: t.lastName,
    email: t.email,
    password: t.password,
    language: t.language,
  };
  const body = `${summaryOf(language, errors, text, labels)}
<h1>${escapeHtml(t.registerTitle)}</h1><p>${escapeHtml(t.registerIntro)}</p>
<form method="post" action="/security/register" novalidate>${returnTo}
${field('firstName', t.firstName, 'text', { value: values.firstName, autocomplete: 'given-name', error: errorOf('firstName') })}
${field('lastName', t.lastName, 'text', { value: values.lastName, autocomplete: 'family-name', error: errorOf('lastName') })}
${field('email', t.email, 'email', { value: values.email, autocomplete: 'email', error: errorOf('email') })}
${field('password', t.password, 'password', { autocomplete: 'new-password', hint: t.passwordHint, error: errorOf('password') })}
<fieldset><legend>${escapeHtml(t.language)}</legend>
<label class="radio"><input type="radio" name="language" value="en" ${chosen === 'en' ? 'checked' : ''}> ${escapeHtml(t.languageEn)}</label>
<label class="radio"><input type="radio" name="language" value="fr" ${chosen === 'fr' ? 'checked' : ''}> ${escapeHtml(t.languageFr)}</label>
</fieldset>
<button type="submit">${escapeHtml(t.registerButton)}</button></form>
<p>${escapeHtml(t.haveAccount)} <a href="/security/login">${escapeHtml(t.signInLink)}</a></p>`;
  return layout(language, t.registerTitle, body, {
    hasErrors: errors.length > 0,
    switchHref: `/security/register?lang=${language === 'fr' ? 'en' : 'fr'}`,
  });
}

export function accountCreatedPage(
  language: SecurityPagesLanguage,
  continueHref: string,
  email: string,
): string {
  const t = securityText(language);
  const body = `<h1>${escapeHtml(t.accountCreatedTitle)}</h1><p>${escapeHtml(t.accountCreatedIntro)}</p>
<p>${withEmail(t.accountCreatedVerify, email)}</p>
<a class="button" href="${escapeHtml(continueHref)}">${escapeHtml(t.continueButton)}</a>
<h2>${escapeHtml(t.accountCreatedMfaHeading)}</h2><p>${escapeHtml(t.accountCreatedMfa)}</p>
<p><a href="/#/home/settings">${escapeHtml(t.accountCreatedMfaLink)}</a></p>`;
  return layout(language, t.accountCreatedTitle, body, { switchHref: continueHref });
}

/** The second step of a sign-in: the code from the app, a text or a recovery code. */
export function secondFactorPage(
  language: SecurityPagesLanguage,
  options: {
    returnTo?: string;
    hasSms: boolean;
    problem?: 'otpRejected' | 'otpRequired' | 'signInLocked' | 'smsTooMany';
    notice?: 'smsSent';
    /** Why the last text did not arrive: said first, with the other ways in below it. */
    smsProblem?: SmsDeliveryProblem;
  },
): string {
  const t = securityText(language);
  const errors: FieldError[] = options.problem ? [{ field: 'otp', message: options.problem }] : [];
  const smsProblem = options.smsProblem
    ? `<div role="alert" class="notice notice-problem"><p>${escapeHtml(messageFor(options.smsProblem, language))}</p><p>${escapeHtml(t.smsOtherWays)}</p></div>`
    : '';
  const notice = `${smsProblem}${
    options.notice ? `<p role="status" class="notice">${escapeHtml(t[options.notice])}</p>` : ''
  }`;
  const sms = options.hasSms
    ? `<form method="post" action="/security/login/sms" novalidate>${hiddenReturnTo(options.returnTo)}
<button type="submit" class="secondary">${escapeHtml(t.smsButton)}</button></form>`
    : '';
  const body = `${summaryOf(language, errors, textOrMessage(language))}${notice}
<h1>${escapeHtml(t.otpTitle)}</h1><p>${escapeHtml(t.otpIntro)}</p>
<form method="post" action="/security/login/verify" novalidate>${hiddenReturnTo(options.returnTo)}
${field('otp', t.otpLabel, 'text', { autocomplete: 'one-time-code', hint: t.otpHint, error: options.problem ? t[options.problem] : undefined, inputmode: 'text' })}
<button type="submit">${escapeHtml(t.otpButton)}</button></form>
${sms}
<p><a href="/security/login">${escapeHtml(t.backToSignIn)}</a></p>`;
  return layout(language, t.otpTitle, body, {
    hasErrors: errors.length > 0,
    switchHref: `/security/login/verify?lang=${language === 'fr' ? 'en' : 'fr'}`,
  });
}

export function forgotPasswordPage(
  language: SecurityPagesLanguage,
  options: { email?: string; errors?: FieldError[] } = {},
): string {
  const t = securityText(language);
  const errors = options.errors ?? [];
  const text = textOrMessage(language);
  const error = errors[0] ? text(errors[0].message) : undefined;
  const body = `${summaryOf(language, errors, text)}
<h1>${escapeHtml(t.forgotTitle)}</h1><p>${escapeHtml(t.forgotIntro)}</p>
<form method="post" action="/security/forgot-password" novalidate>
${field('email', t.email, 'email', { value: options.email, autocomplete: 'username', error })}
<button type="submit">${escapeHtml(t.forgotButton)}</button></form>
<p><a href="/security/login">${escapeHtml(t.backToSignIn)}</a></p>`;
  return layout(language, t.forgotTitle, body, {
    hasErrors: errors.length > 0,
    switchHref: `/security/forgot-password?lang=${language === 'fr' ? 'en' : 'fr'}`,
  });
}

/** The same answer whether or not an account uses the address. */
export function forgotPasswordSentPage(language: SecurityPagesLanguage, email: string): string {
  const t = securityText(language);
  const body = `<h1>${escapeHtml(t.forgotSentTitle)}</h1><p role="status">${withEmail(t.forgotSentIntro, email)}</p>
<p><a href="/security/login">${escapeHtml(t.backToSignIn)}</a></p>`;
  return layout(language, t.forgotSentTitle, body, {
    switchHref: `/security/forgot-password?lang=${language === 'fr' ? 'en' : 'fr'}`,
  });
}

export function resetPasswordPage(
  language: SecurityPagesLanguage,
  options: { token: string; email: string; errors?: FieldError[] },
): string {
  const t = securityText(language);
  const errors = options.errors ?? [];
  const text = textOrMessage(language);
  const error = errors[0] ? text(errors[0].message) : undefined;
  const body = `${summaryOf(language, errors, text)}
<h1>${escapeHtml(t.resetTitle)}</h1><p>${withEmail(t.resetIntro, options.email)}</p>
<form method="post" action="/security/reset-password" novalidate>
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<input type="email" name="username" value="${escapeHtml(options.email)}" autocomplete="username" hidden>
${field('password', t.newPassword, 'password', { autocomplete: 'new-password', hint: t.passwordHint, error })}
<button type="submit">${escapeHtml(t.resetButton)}</button></form>`;
  return layout(language, t.resetTitle, body, {
    hasErrors: errors.length > 0,
    switchHref: `/security/reset-password?token=${encodeURIComponent(options.token)}&lang=${language === 'fr' ? 'en' : 'fr'}`,
  });
}

export function resetLinkInvalidPage(language: SecurityPagesLanguage): string {
  const t = securityText(language);
  const body = `<h1>${escapeHtml(t.resetInvalidTitle)}</h1><p>${escapeHtml(t.resetInvalidIntro)}</p>
<a class="button" href="/security/forgot-password">${escapeHtml(t.askNewLink)}</a>`;
  return layout(language, t.resetInvalidTitle, body, {
    switchHref: `/security/forgot-password?lang=${language === 'fr' ? 'en' : 'fr'}`,
  });
}

export function resetDonePage(language: SecurityPagesLanguage): string {
  const t = securityText(language);
  const body = `<h1>${escapeHtml(t.resetDoneTitle)}</h1><p role="status">${escapeHtml(t.resetDoneIntro)}</p>
<a class="button" href="/security/login">${escapeHtml(t.signInLink)}</a>`;
  return layout(language, t.resetDoneTitle, body, {
    switchHref: `/security/login?lang=${language === 'fr' ? 'en' : 'fr'}`,
  });
}

/**
 * A sign-in asked to return to another address than the site's own (a page opened at
 * `127.0.0.1` when `PUBLIC_URL` names `localhost`): the sign-in page's error layout, leading to
 * the sign-in page at the site's address. Never JSON to a browser (issue 30, item 12).
 */
export function redirectRefusedPage(language: SecurityPagesLanguage, publicUrl: string): string {
  const t = securityText(language);
  const signIn = `${publicUrl}/security/login`;
  const errors = [{ field: 'sign-in-here', message: 'redirectRefused' }];
  const body = `${summaryOf(language, errors, textOrMessage(language))}
<h1>${escapeHtml(t.signInTitle)}</h1>
<p>${escapeHtml(t.redirectRefusedIntro.replace('{site}', () => publicUrl))}</p>
<a id="sign-in-here" class="button" href="${escapeHtml(signIn)}">${escapeHtml(t.redirectRefusedButton)}</a>`;
  return layout(language, t.signInTitle, body, {
    hasErrors: true,
    switchHref: `${signIn}?lang=${language === 'fr' ? 'en' : 'fr'}`,
  });
}
