import { errorSummary, escapeHtml, renderPage } from '../../lib/pages/page-shell.ts';
import {
  connectText,
  fill,
  type ConnectLanguage,
  type ConnectTextKey,
} from './sandbox-bank-connection-pages.locales.ts';
import {
  SANDBOX_BANK_CONNECTION_PATH,
  sandboxInstitutions,
  type SandboxInstitution,
} from './sandbox-bank-connection.ts';

/**
 * The sandbox vendor's connect frame, server-rendered like a vendor's own pages in the shell of
 * the sign-in pages: plain forms, no inline script (the site's CSP allows none). The result
 * page loads one script of ours, `frame.js`, which tells the portal's page around the frame
 * what happened (`postMessage` to this origin only).
 */

/** Compact: it is shown inside the funding step's frame, not as a page of its own. */
const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:'Liberation Sans',Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1d1f2a;background:#f3f4f8}
header{background:#1d3a5f;color:#fff}header div,main{width:min(40rem,100% - 1.5rem);margin:0 auto}
header div{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.5rem 0}header a{color:#fff}
.vendor{font-weight:700}main{padding:1rem 0 2rem}
.sandbox{background:#fff4ce;border-left:6px solid #b58100;padding:.5rem .75rem;margin:0 0 1rem;font-size:.9375rem}
.panel{background:#fff;padding:1.25rem 1.5rem;border-radius:4px;box-shadow:0 1px 3px rgb(0 0 0/12%)}
h1{margin-top:0;font-size:1.5rem;line-height:1.25}fieldset{border:0;padding:0;margin:1rem 0 0}legend{font-weight:700;padding:0}
.banks{display:grid;gap:.5rem;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));margin-top:.5rem}
.bank{display:flex;align-items:center;gap:.5rem;border:1px solid #c5c8d6;border-radius:4px;padding:.5rem .75rem;font-weight:400;margin:0}
.bank input{width:1.25rem;height:1.25rem;margin:0}
label{display:block;font-weight:700;margin-top:1rem}
input[type=text],input[type=password]{width:min(100%,24rem);padding:.5rem;font:inherit;border:2px solid #1d1f2a;border-radius:4px;margin-top:.25rem}
input:focus,button:focus,a:focus{outline:3px solid #ffbf47;outline-offset:2px}
.error-message{color:#b3261e;font-weight:700;margin:.25rem 0}.invalid{border-color:#b3261e!important}
.error-summary{border:4px solid #b3261e;padding:.75rem 1rem;margin-bottom:1rem}.error-summary h2{margin-top:0;font-size:1.125rem}
.error-summary a{color:#b3261e;font-weight:700}
button{display:inline-block;margin-top:1.25rem;padding:.6rem 1.5rem;font:inherit;font-weight:700;color:#fff;background:#1d3a5f;border:2px solid #1d3a5f;border-radius:4px;cursor:pointer}
.result{border-left:6px solid #2f5d3a;padding-left:1rem}.result.failed{border-color:#b3261e}.result.pending{border-color:#b58100}`;

interface LayoutOptions {
  switchHref?: string;
  hasErrors?: boolean;
  /** The result page's script, which tells the portal's page around the frame. */
  script?: boolean;
}

function layout(
  language: ConnectLanguage,
  title: string,
  body: string,
  { switchHref, hasErrors = false, script = false }: LayoutOptions = {},
): string {
  const t = connectText(language);
  const html = renderPage(language, {
    title,
    siteName: t.brand,
    style: STYLE,
    brand: `<span class="vendor">${escapeHtml(t.brand)}</span>`,
    beforePanel: `<p class="sandbox">${escapeHtml(t.sandboxNotice)}</p>`,
    body,
    switchHref,
    hasErrors,
    noindex: true,
    favicon: false,
  });
  return script
    ? html.replace(
        '</head>',
        `<script src="${SANDBOX_BANK_CONNECTION_PATH}/frame.js" defer></script></head>`,
      )
    : html;
}

export type ConnectField = 'institution' | 'username' | 'password';
export type ConnectProblem =
  'institutionRequired' | 'usernameRequired' | 'passwordRequired' | 'wrongPassword';

/** Where each problem is shown: a wrong password is the password field's. */
const fieldOfProblem: Record<ConnectProblem, ConnectField> = {
  institutionRequired: 'institution',
  usernameRequired: 'username',
  passwordRequired: 'password',
  wrongPassword: 'password',
};

export interface ConnectForm {
  requestId: string;
  token: string;
  switchHref: string;
  institutionId?: string;
  username?: string;
  problems?: readonly ConnectProblem[];
}

const hiddenFields = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');

/** A text field with its label and, when it is wrong, its message (GOV.UK pattern). */
function textField(
  id: string,
  label: string,
  options: { type: 'text' | 'password'; value?: string; error?: string; autocomplete: string },
): string {
  const error = options.error
    ? `<p class="error-message" id="${id}-error">${escapeHtml(options.error)}</p>`
    : '';
  const invalid = options.error
    ? ` aria-invalid="true" aria-describedby="${id}-error" class="invalid"`
    : '';
  const value = options.value ? ` value="${escapeHtml(options.value)}"` : '';
  return `<label for="${id}">${escapeHtml(label)}</label>${error}
<input id="${id}" name="${id}" type="${options.type}" autocomplete="${options.autocomplete}" spellcheck="false" autocapitalize="none"${value}${invalid}>`;
}

/** The bank list, username and password. A wrong password keeps the bank and username. */
export function connectPage(language: ConnectLanguage, form: ConnectForm): string {
  const t = connectText(language);
  const problems = form.problems ?? [];
  const errorOf = (field: ConnectField) => {
    const problem = problems.find((p) => fieldOfProblem[p] === field);
    return problem && t[problem];
  };
  const summary = errorSummary(
    language,
    problems.map((problem) => ({
      // The first radio button stands for the list.
      field: fieldOfProblem[problem] === 'institution' ? 'institution-0' : fieldOfProblem[problem],
      text: t[problem],
    })),
  );
  const institutionError = errorOf('institution');
  const banks = sandboxInstitutions
    .map(
      (institution, index) =>
        `<label class="bank" for="institution-${index}"><input type="radio" id="institution-${index}" name="institution" value="${institution.id}"${institution.id === form.institutionId ? ' checked' : ''}> ${escapeHtml(institution.name[language])}</label>`,
    )
    .join('\n');
  const body = `${summary}
<h1>${escapeHtml(t.connectTitle)}</h1>
<p>${escapeHtml(t.connectIntro)}</p>
<form method="post" action="${SANDBOX_BANK_CONNECTION_PATH}/connect" novalidate>
${hiddenFields({ request: form.requestId, token: form.token, lang: language })}
<fieldset${institutionError ? ' aria-describedby="institution-error"' : ''}><legend>${escapeHtml(t.institutionLegend)}</legend>
${institutionError ? `<p class="error-message" id="institution-error">${escapeHtml(institutionError)}</p>` : ''}
<div class="banks">${banks}</div></fieldset>
${textField('username', t.username, { type: 'text', value: form.username, error: errorOf('username'), autocomplete: 'username' })}
${textField('password', t.password, { type: 'password', error: errorOf('password'), autocomplete: 'current-password' })}
<br><button type="submit">${escapeHtml(t.connectButton)}</button>
</form>`;
  return layout(language, t.connectTitle, body, {
    switchHref: form.switchHref,
    hasErrors: problems.length > 0,
  });
}

export interface QuestionForm {
  requestId: string;
  token: string;
  questionToken: string;
  institution: SandboxInstitution;
  username: string;
  switchHref: string;
  problem?: 'answerRequired' | 'wrongAnswer';
}

/** The bank's security question (password `question`). */
export function questionPage(language: ConnectLanguage, form: QuestionForm): string {
  const t = connectText(language);
  const problemText = form.problem ? t[form.problem] : undefined;
  const body = `${errorSummary(language, problemText ? [{ field: 'answer', text: problemText }] : [])}
<h1>${escapeHtml(t.questionTitle)}</h1>
<p>${escapeHtml(fill(t.questionIntro, { institution: form.institution.name[language] }))}</p>
<p><strong>${escapeHtml(t.question)}</strong></p>
<form method="post" action="${SANDBOX_BANK_CONNECTION_PATH}/question" novalidate>
${hiddenFields({
  request: form.requestId,
  token: form.token,
  questionToken: form.questionToken,
  institution: form.institution.id,
  username: form.username,
  lang: language,
})}
${textField('answer', t.answer, { type: 'text', error: problemText, autocomplete: 'off' })}
<br><button type="submit">${escapeHtml(t.continueButton)}</button>
</form>`;
  return layout(language, t.questionTitle, body, {
    switchHref: form.switchHref,
    hasErrors: Boolean(problemText),
  });
}

/** What the portal's page hears from the frame (`postMessage`), by outcome. */
export type FrameStatus = 'CONNECTED' | 'PENDING' | 'FAILED';

const resultText: Record<FrameStatus, { title: ConnectTextKey; text: ConnectTextKey }> = {
  CONNECTED: { title: 'connectedTitle', text: 'connectedText' },
  PENDING: { title: 'pendingTitle', text: 'pendingText' },
  FAILED: { title: 'failedTitle', text: 'failedText' },
};

/**
 * The end of the frame: what happened, in words, and the same as data for `frame.js`, which
 * posts `{ type: 'bankConnection', status, requestId }` to the page around the frame.
 */
export function resultPage(
  language: ConnectLanguage,
  result: { status: FrameStatus; requestId: string },
): string {
  const t = connectText(language);
  const { title, text } = resultText[result.status];
  const body = `<div class="result ${result.status.toLowerCase()}" id="bank-connection-result" role="status"
data-status="${result.status}" data-request-id="${escapeHtml(result.requestId)}">
<h1>${escapeHtml(t[title])}</h1><p>${escapeHtml(t[text])}</p></div>`;
  return layout(language, t[title], body, { script: true });
}

export function messagePage(
  language: ConnectLanguage,
  kind: 'notFound' | 'closed' | 'refused',
): string {
  const t = connectText(language);
  const title = t[`${kind}Title`];
  return layout(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(t[`${kind}Text`])}</p>`,
  );
}

/**
 * The result page's script: tells the portal's page around the frame, on this origin only
 * (the frame is the portal's own sandbox; a real vendor's frame posts to the portal's origin).
 */
export const FRAME_SCRIPT = `(function () {
  var result = document.getElementById('bank-connection-result');
  if (!result || window.parent === window) return;
  window.parent.postMessage(
    { type: 'bankConnection', status: result.getAttribute('data-status'), requestId: result.getAttribute('data-request-id') },
    window.location.origin
  );
})();
`;
