import { onChoice } from '../../../lib/on-demand.ts';

/**
 * The forms behind the funding step's ways, each downloaded when its way is chosen (or about
 * to be: a pointer over or a focus in the choices), not with the step: a person who pays by
 * bill or skips never downloads them, and the step itself shows sooner (issue 31, ADR 0031).
 * Their own module, so the build tells these apart from code fetched once a screen has shown.
 */
export const bankFundingForms = onChoice(() =>
  Promise.all([
    import('../../../ui/funding/eft-request-form.tsx'),
    import('../../../ui/funding/add-bank-account.tsx'),
  ]).then(([form, add]) => ({ ...form, ...add })),
);

/** A transfer from another institution: the institution look-up, the form, the signing. */
export const transfersPanel = onChoice(() => import('../../../ui/transfers/transfers-panel.tsx'));

/** Starts the downloads as a person nears the choice of a way. */
export function nearFundingWays(): void {
  bankFundingForms.intent();
  transfersPanel.intent();
}
