import { messageFor } from '@portal/domain';
import { errorSummary, escapeHtml, renderPage } from '../../lib/pages/page-shell.ts';
import { securityText, type SecurityPagesLanguage } from './security-pages.locales.ts';

interface FieldError {
  field: string;
  /** A domain message key, or a page text key. */
  message: string;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:'Liberation Sans',Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1b2631;background:#f5f7f8}
header{background:#fff;border-bottom:4px solid #0b5a6e}header div,main{width:min(36rem,100% - 2rem);margin:0 auto}
header div{display:flex;justify-content:space-between;align-items:center;padding:.75rem 0}
.brand{font-weight:700;color:#1b2631;text-decoration:none}main{padding:2rem 0}
.panel{background:#fff;padding:2rem;border-radius:4px;box-shadow:0 1px 3px rgb(0 0 0/12%)}
h1{margin-top:0;font-size:2rem;line-height:1.2}label,legend{display:block;font-weight:700;margin-top:1.25rem}
.hint{color:#4a5661;margin:.25rem 0}input[type=email],input[type=password],input[type=text]{width:100%;padding:.6rem;font:inherit;border:2px solid #1b2631;border-radius:4px;margin-top:.25rem}
input:focus,button:focus,a:focus{outline:3px solid #ffbf47;outline-offset:2px}
.error-message{color:#b3261e;font-weight:700;margin:.25rem 0}.invalid{border-color:#b3261e!important}
.error-summary{border:4px solid #b3261e;padding:1rem;margin-bottom:1.5rem}.error-summary h2{margin-top:0;font-size:1.25rem}
.error-summary a{color:#b3261e;font-weight:700}fieldset{border:0;padding:0;margin:0}
.radio{display:flex;gap:.5rem;align-items:center;margin-top:.5rem;font-weight:400}
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
    brand: `<a class="brand" href="/">${escapeHtml(t.brand)}</a>`,
    body,
    switchHref,
    hasErrors,
  });
}

/** The summary of `errors`, each message a page text or a domain message. */
const summaryOf = (
  language: SecurityPagesLanguage,
  errors: FieldError[],
  text: (key: string) => string,
) =>
  errorSummary(
    language,
    errors.map((error) => ({ field: error.field, text: text(error.message) })),
  );

function field(
  id: string,
  label: string,
  type: string,
  options: { value?: string; autocomplete: string; hint?: string; error?: string },
) {
  const describedBy = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `<label for="${id}">${escapeHtml(label)}</label>
${options.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}
${options.error ? `<p class="error-message" id="${id}-error">${escapeHtml(options.error)}</p>` : ''}
<input id="${id}" name="${id}" type="${type}" autocomplete="${options.autocomplete}" spellcheck="false"
${options.value ? `value="${escapeHtml(options.value)}"` : ''} ${describedBy ? `aria-describedby="${describedBy}"` : ''}
${options.error ? 'aria-invalid="true" class="invalid"' : ''} required>`;
}

const textOrMessage = (language: SecurityPagesLanguage) => (key: string) => {
  const t = securityText(language) as Record<string, string>;
  return t[key] ?? messageFor(key, language);
};

export function signInPage(
  language: SecurityPagesLanguage,
  options: { returnTo?: string; username?: string; problem?: 'signInFailed' | 'signInLocked' } = {},
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
  const body = `${summaryOf(language, errors, text)}
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

export function accountCreatedPage(language: SecurityPagesLanguage, continueHref: string): string {
  const t = securityText(language);
  const body = `<h1>${escapeHtml(t.accountCreatedTitle)}</h1><p>${escapeHtml(t.accountCreatedIntro)}</p>
<a class="button" href="${escapeHtml(continueHref)}">${escapeHtml(t.continueButton)}</a>`;
  return layout(language, t.accountCreatedTitle, body, { switchHref: continueHref });
}
