import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { TransferReturnTarget } from '@portal/domain/transfers/transfer-return';
import { UPLOAD_EXTENSIONS } from '@portal/domain/constants';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { accountTypeLabels } from '@portal/domain/enums/account-types';
import { onboardingAccountTypes } from '@portal/domain/enums/onboarding';
import {
  federalJurisdictionLabel,
  pensionJurisdictions,
  type PensionJurisdiction,
} from '@portal/domain/enums/pension-jurisdictions';
import { provinceLabels, provinces, type ProvinceCode } from '@portal/domain/enums/provinces';
import { transferTypes, type TransferType } from '@portal/domain/enums/transfers';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import {
  transferCompatibility,
  type TransferAccountTypeName,
} from '@portal/domain/transfers/transfer-compatibility';
import {
  unpaidMinimumInstructionLabels,
  unpaidMinimumInstructions,
  type UnpaidMinimumInstruction,
} from '@portal/domain/transfers/transfer-precheck';
import { describeTransferProblem } from '@portal/domain/transfers/transfer-messages';
import type { TransferPrecheckRefusal } from '@portal/domain/transfers/transfer-request';
import { applicationsApi, refusalOf } from '../../lib/applications-api.ts';
import { HttpError } from '../../lib/http/http-client.ts';
import {
  transfersApi,
  type CoAccount,
  type TransferAccountResult,
} from '../../lib/transfers-api.ts';
import { RadioChoices } from '../choices.tsx';
import { DateField } from '../date-field.tsx';
import { ErrorSummary } from '../error-summary.tsx';
import { describedByOf, FieldMessages } from '../field-messages.tsx';
import formStyles from '../forms.module.css';
import { MoneyField } from '../funding/money-field.tsx';
import { fundingLanguageOf } from '../funding/funding-format.ts';
import { SelectField } from '../select-field.tsx';
import { TextField } from '../text-field.tsx';
import { InstitutionLookup } from './institution-lookup.tsx';
import { TransferOffer } from './transfer-offer.tsx';
import { TransferLines } from './transfer-lines.tsx';
import {
  emptyTransferForm,
  fieldIdOf,
  fieldProblemsOf,
  fieldsToProblems,
  profilePrefillOf,
  shapeProblems,
  transferModelOf,
  visibleParts,
  withProfile,
  type HolderValues,
  type ProfilePrefill,
  type TransferFieldProblem,
  type TransferFormValues,
} from './transfer-form-state.ts';
import styles from './transfers.module.css';

/** Refusals of the statement file, shown at the file's field. */
const statementRefusals = new Set([
  'fileTooLarge',
  'unsupportedExtension',
  'contentMismatch',
  'fileAlreadyExists',
  'storageQuotaExceeded',
]);

const anyUpload = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The plans a transfer may come from, in the order of the transfer rules' table. */
const deliveringTypes = Object.keys(transferCompatibility) as TransferAccountTypeName[];

const jurisdictions = [
  ...new Set(Object.values(pensionJurisdictions).flat()),
].sort() as PensionJurisdiction[];

const transferTypeOrder: TransferType[] = [
  transferTypes.ALL_IN_KIND,
  transferTypes.ALL_IN_CASH,
  transferTypes.ALL_ASSETS,
  transferTypes.PARTIAL,
];

/** The receiving account as the person reads it: "TFSA", "RRSP 12345678". */
export function coAccountLabel(account: CoAccount, language: 'en' | 'fr'): string {
  return toAccountLabel(
    {
      accountTypeName: account.accountTypeName as NamedAccountTypeName,
      accountNumber: account.accountNumber,
    },
    language,
  );
}

export interface TransferSubmitted {
  result: TransferAccountResult;
  institutionName: string;
  toAccountId: string;
}

/**
 * A transfer in from another institution (issue 15): the institution by lookup, the account
 * there and its type, what moves and how, the values, and the holders and address *as on the
 * statement*, prefilled from the profile for the person to check against their statement (a SIN
 * left blank is the one on file), which the server's pre-check compares with the profile. The
 * domain's schema says what is missing before anything is sent; the server's 422 is the
 * authority: every problem shows at its field and in the summary, with both values of a
 * difference. Nothing typed is lost on a refusal.
 */
export function TransferForm({
  applicationId,
  accounts,
  toAccountId,
  idPrefix = 'transfer',
  returnTo = 'funding',
  onSubmitted,
  onCancel,
}: {
  applicationId: string;
  /** The application's accounts that can receive a transfer. */
  accounts: CoAccount[];
  toAccountId: string;
  /** Where the signing ceremony brings the person back (the funding page unless told). */
  returnTo?: TransferReturnTarget;
  /** Unique on the page when several forms show. */
  idPrefix?: string;
  onSubmitted(submitted: TransferSubmitted): void;
  onCancel?(): void;
}) {
  const { t, i18n } = useTranslation('transfers');
  const language = fundingLanguageOf(i18n.language);
  const receiving = accounts.filter((account) => account.transferAccountType !== null);
  const isJoint = (id: string) =>
    accounts.find((account) => account.accountId === id)?.ownershipTypeId ===
    onboardingAccountTypes.Joint;
  const [values, setValues] = useState<TransferFormValues>(() =>
    emptyTransferForm(toAccountId, isJoint(toAccountId)),
  );
  const [document, setDocument] = useState<File | null>(null);
  /** The profile's answers, once loaded: the statement's fields start from them. */
  const [prefill, setPrefill] = useState<ProfilePrefill | null>(null);
  /**
   * The holders whose date of birth the profile gives: their date boxes start anew to show it
   * (DateField reads its value once; a date typed before the profile came is kept as typed).
   */
  const [birthFilled, setBirthFilled] = useState([false, false]);
  useEffect(() => {
    const controller = new AbortController();
    applicationsApi.get(applicationId, controller.signal).then(
      (detail) => {
        const found = profilePrefillOf(detail.steps as Record<string, unknown>);
        setPrefill(found);
        setBirthFilled([0, 1].map((index) => (found.holders[index]?.birthDate ?? '') !== ''));
        setValues((current) => withProfile(current, found));
      },
      // Without the profile the fields stay blank to be typed: nothing is lost.
      () => undefined,
    );
    return () => controller.abort();
  }, [applicationId]);
  const [problems, setProblems] = useState<TransferFieldProblem[]>([]);
  const [precheckFailed, setPrecheckFailed] = useState(false);
  const [sending, setSending] = useState(false);
  /** A refusal no field can fix: the server's words, or `true` for the general failure. */
  const [failed, setFailed] = useState<string | boolean>(false);
  const parts = visibleParts(values);

  const idOf = (path: string) => fieldIdOf(idPrefix, path);
  const problemAt = (path: string) => problems.find((problem) => problem.fieldId === idOf(path));
  const errorOf = (path: string) => problemAt(path)?.message;
  const set = <K extends keyof TransferFormValues>(field: K, value: TransferFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setHolder = (index: 0 | 1, field: keyof HolderValues, value: string) =>
    setValues((current) => {
      const holders = [...current.holders] as TransferFormValues['holders'];
      holders[index] = { ...holders[index], [field]: value };
      return { ...current, holders };
    });
  const setAddress = (field: keyof TransferFormValues['address'], value: string) =>
    setValues((current) => ({ ...current, address: { ...current.address, [field]: value } }));

  /** Problems as shown: the message, then both values of a difference on the same line. */
  const show = (found: Parameters<typeof fieldProblemsOf>[0]) =>
    fieldProblemsOf(found, idPrefix, language).map((problem) => ({
      ...problem,
      message:
        problem.details.length > 0
          ? `${problem.message} ${problem.details.join(' · ')}`
          : problem.message,
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailed(false);
    setPrecheckFailed(false);
    const model = transferModelOf(values, applicationId);
    const shape = show(shapeProblems(model, document));
    setProblems(shape);
    if (shape.length > 0) return;
    setSending(true);
    try {
      const result = await transfersApi.submit(model, document, returnTo);
      onSubmitted({
        result,
        institutionName: values.institution?.name ?? '',
        toAccountId: values.toAccountId,
      });
    } catch (error) {
      const refusal = refusalOf(error);
      const body = error instanceof HttpError ? error.body : undefined;
      if (refusal?.status === 422 && refusal.body.errorCode === 'transferPrecheckFailed') {
        setPrecheckFailed(true);
        setProblems(show((body as TransferPrecheckRefusal).problems));
      } else if (refusal?.status === 400 && refusal.body.fields) {
        setProblems(show(fieldsToProblems(refusal.body.fields)));
      } else if (
        (refusal?.status === 400 || refusal?.status === 409) &&
        statementRefusals.has(refusal.body.errorCode)
      ) {
        setProblems(show([{ field: 'document', code: refusal.body.errorCode }]));
      } else {
        // Funding not open, a request being processed: the server's words, else ours.
        setFailed(refusal?.status === 409 && refusal.body.message ? refusal.body.message : true);
      }
    } finally {
      setSending(false);
    }
  }

  const holderFields = (index: 0 | 1) => {
    const path = (field: string) => `statement.holders.${index}.${field}`;
    const holder = values.holders[index];
    const sinOnFile = prefill?.holders[index]?.sinMasked;
    return (
      <fieldset key={index} className={styles.group} data-summary-group>
        <legend className={formStyles.legend}>
          {t('statement.holder', { number: index + 1 })}
        </legend>
        <TextField
          id={idOf(path('firstName'))}
          label={t('statement.firstName')}
          error={errorOf(path('firstName'))}
          value={holder.firstName}
          onChange={(text) => setHolder(index, 'firstName', text)}
          autoComplete="off"
        />
        <TextField
          id={idOf(path('lastName'))}
          label={t('statement.lastName')}
          error={errorOf(path('lastName'))}
          value={holder.lastName}
          onChange={(text) => setHolder(index, 'lastName', text)}
          autoComplete="off"
        />
        <TextField
          id={idOf(path('sin'))}
          label={t('statement.sin')}
          hint={
            sinOnFile ? t('statement.sinOnFileHint', { masked: sinOnFile }) : t('statement.sinHint')
          }
          error={errorOf(path('sin'))}
          value={holder.sin}
          onChange={(text) => setHolder(index, 'sin', text)}
          inputMode="numeric"
          autoComplete="off"
          width="short"
        />
        <DateField
          key={birthFilled[index] ? 'profile' : 'typed'}
          id={idOf(path('birthDate'))}
          legend={t('statement.birthDate')}
          hint={t('statement.birthDateHint')}
          error={errorOf(path('birthDate'))}
          value={holder.birthDate}
          onChange={(text) => setHolder(index, 'birthDate', text)}
        />
      </fieldset>
    );
  };

  const documentId = idOf('document');
  const documentError = errorOf('document');
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${idPrefix}-heading`}>
      <h3 id={`${idPrefix}-heading`}>{t('form.heading')}</h3>
      {precheckFailed && problems.length > 0 && <p>{t('form.precheckIntro')}</p>}
      <ErrorSummary problems={problems} titleId={`${idPrefix}-error-summary`} />
      <SelectField
        id={idOf('toAccountId')}
        label={t('form.toAccount')}
        error={errorOf('toAccountId')}
        value={values.toAccountId}
        onChange={(id) =>
          setValues((current) => ({ ...current, toAccountId: id, jointStatement: isJoint(id) }))
        }
        options={receiving.map((account) => ({
          id: account.accountId,
          label: coAccountLabel(account, language),
        }))}
      />
      <InstitutionLookup
        id={idOf('fromInstitutionId')}
        value={values.institution}
        onChange={(institution) => set('institution', institution)}
        error={errorOf('fromInstitutionId')}
      />
      <TextField
        id={idOf('accountNumber')}
        label={t('form.accountNumber')}
        hint={t('form.accountNumberHint')}
        error={errorOf('accountNumber')}
        value={values.accountNumber}
        onChange={(text) => set('accountNumber', text)}
        autoComplete="off"
        maxLength={30}
      />
      <SelectField
        id={idOf('accountType')}
        label={t('form.accountType')}
        hint={t('form.accountTypeHint')}
        error={errorOf('accountType')}
        value={values.accountType}
        onChange={(type) => set('accountType', type as TransferAccountTypeName | '')}
        options={deliveringTypes.map((type) => ({
          id: type,
          label: accountTypeLabels[type][language],
        }))}
      />
      {parts.jurisdiction && (
        <SelectField
          id={idOf('deliveringJurisdiction')}
          label={t('form.jurisdiction')}
          hint={t('form.jurisdictionHint')}
          error={errorOf('deliveringJurisdiction')}
          value={values.deliveringJurisdiction}
          onChange={(code) => set('deliveringJurisdiction', code as PensionJurisdiction | '')}
          options={jurisdictions.map((code) => ({
            id: code,
            label:
              code === 'federal'
                ? federalJurisdictionLabel[language]
                : provinceLabels[code as ProvinceCode][language],
          }))}
        />
      )}
      <RadioChoices
        id={idOf('transferType')}
        legend={t('form.transferType')}
        error={errorOf('transferType')}
        value={values.transferType}
        onChange={(type) => set('transferType', type)}
        choices={transferTypeOrder.map((type) => ({
          value: type,
          label: t(`form.transferTypes.${type}`),
          hint: t(`form.transferTypes.${type}Hint`),
        }))}
      />
      {parts.lines && (
        <TransferLines
          idPrefix={idPrefix}
          lines={values.lines}
          onChange={(lines) => set('lines', lines)}
          errorOf={errorOf}
        />
      )}
      <MoneyField
        id={idOf('approximateValue')}
        label={t('form.approximateValue')}
        hint={t('form.approximateValueHint')}
        error={errorOf('approximateValue')}
        value={values.approximateValue}
        onChange={(value) => set('approximateValue', value)}
      />
      {parts.liquidation && (
        <MoneyField
          id={idOf('liquidationValue')}
          label={t('form.liquidationValue')}
          hint={t('form.liquidationValueHint')}
          error={errorOf('liquidationValue')}
          value={values.liquidationValue}
          onChange={(value) => set('liquidationValue', value)}
        />
      )}
      <MoneyField
        id={idOf('transferFee')}
        label={t('form.transferFee')}
        hint={t('form.transferFeeHint')}
        error={errorOf('transferFee')}
        value={values.transferFee}
        onChange={(value) => set('transferFee', value)}
      />
      <div className={formStyles.field}>
        <div className={formStyles.choice}>
          <input
            id={idOf('mutualFunds')}
            type="checkbox"
            checked={values.mutualFunds}
            aria-describedby={`${idOf('mutualFunds')}-hint`}
            onChange={(event) => set('mutualFunds', event.target.checked)}
          />
          <label htmlFor={idOf('mutualFunds')}>{t('form.mutualFunds')}</label>
          <div id={`${idOf('mutualFunds')}-hint`} className={formStyles.choiceHint}>
            {t('form.mutualFundsHint')}
          </div>
        </div>
      </div>
      {parts.unpaidMinimum && (
        <RadioChoices
          id={idOf('unpaidMinimum')}
          legend={t('form.unpaidMinimum')}
          hint={t('form.unpaidMinimumHint')}
          error={errorOf('unpaidMinimum')}
          value={values.unpaidMinimum || undefined}
          onChange={(instruction: UnpaidMinimumInstruction) => set('unpaidMinimum', instruction)}
          choices={unpaidMinimumInstructions.map((instruction) => ({
            value: instruction,
            label: unpaidMinimumInstructionLabels[instruction][language],
          }))}
        />
      )}
      {parts.resp && (
        <>
          <TextField
            id={idOf('resp.deliveringContractNumber')}
            label={t('form.respDelivering')}
            hint={t('form.respHint')}
            error={errorOf('resp.deliveringContractNumber')}
            value={values.deliveringContractNumber}
            onChange={(text) => set('deliveringContractNumber', text)}
            autoComplete="off"
          />
          <TextField
            id={idOf('resp.receivingContractNumber')}
            label={t('form.respReceiving')}
            hint={t('form.respHint')}
            error={errorOf('resp.receivingContractNumber')}
            value={values.receivingContractNumber}
            onChange={(text) => set('receivingContractNumber', text)}
            autoComplete="off"
          />
        </>
      )}

      <div
        className={
          errorOf('statement.holders')
            ? `${formStyles.field} ${formStyles.fieldError}`
            : formStyles.field
        }
      >
        <fieldset
          id={idOf('statement.holders')}
          tabIndex={-1}
          aria-describedby={describedByOf(
            idOf('statement.holders'),
            true,
            errorOf('statement.holders'),
          )}
        >
          <legend className={formStyles.legend}>{t('statement.heading')}</legend>
          <FieldMessages
            id={idOf('statement.holders')}
            hint={t('statement.hint')}
            error={errorOf('statement.holders')}
          />
          <div className={formStyles.choice}>
            <input
              id={idOf('jointStatement')}
              type="checkbox"
              checked={values.jointStatement}
              onChange={(event) => set('jointStatement', event.target.checked)}
            />
            <label htmlFor={idOf('jointStatement')}>{t('statement.joint')}</label>
          </div>
          {holderFields(0)}
          {values.jointStatement && holderFields(1)}
          <fieldset className={`${styles.group} address`}>
            <legend className={formStyles.legend}>{t('statement.address')}</legend>
            <TextField
              id={idOf('statement.address.suite')}
              label={t('statement.suite')}
              error={errorOf('statement.address.suite')}
              value={values.address.suite}
              onChange={(text) => setAddress('suite', text)}
              width="short"
              autoComplete="off"
            />
            <TextField
              id={idOf('statement.address.streetNumber')}
              label={t('statement.streetNumber')}
              error={errorOf('statement.address.streetNumber')}
              value={values.address.streetNumber}
              onChange={(text) => setAddress('streetNumber', text)}
              width="short"
              autoComplete="off"
            />
            <TextField
              id={idOf('statement.address.streetName')}
              label={t('statement.streetName')}
              error={errorOf('statement.address.streetName')}
              value={values.address.streetName}
              onChange={(text) => setAddress('streetName', text)}
              autoComplete="off"
            />
            <TextField
              id={idOf('statement.address.city')}
              label={t('statement.city')}
              error={errorOf('statement.address.city')}
              value={values.address.city}
              onChange={(text) => setAddress('city', text)}
              autoComplete="off"
            />
            <SelectField
              id={idOf('statement.address.provinceId')}
              label={t('statement.province')}
              error={errorOf('statement.address.provinceId')}
              value={values.address.provinceId}
              onChange={(id) => setAddress('provinceId', id)}
              options={(Object.keys(provinces) as ProvinceCode[]).map((code) => ({
                id: String(provinces[code]),
                label: provinceLabels[code][language],
              }))}
            />
            <TextField
              id={idOf('statement.address.postalCode')}
              label={t('statement.postalCode')}
              error={errorOf('statement.address.postalCode')}
              value={values.address.postalCode}
              onChange={(text) => setAddress('postalCode', text)}
              width="short"
              autoComplete="off"
            />
          </fieldset>
        </fieldset>
      </div>

      <div
        className={
          documentError ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field
        }
      >
        <label className={formStyles.label} htmlFor={documentId}>
          {t('form.document')}
        </label>
        <FieldMessages id={documentId} hint={t('form.documentHint')} error={documentError} />
        <input
          id={documentId}
          type="file"
          accept={anyUpload}
          aria-describedby={describedByOf(documentId, true, documentError)}
          aria-invalid={documentError ? true : undefined}
          onChange={(event) => setDocument(event.target.files?.[0] ?? null)}
        />
      </div>

      <TransferOffer />

      <div role="status" aria-live="polite">
        {sending && <p className="loading-inline">{t('form.sending')}</p>}
      </div>
      {failed && (
        <div className="notice-warning" role="alert">
          <p>
            {typeof failed === 'string'
              ? failed
              : describeTransferProblem({ code: 'transferRequestError' }, language).message}
          </p>
        </div>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" aria-disabled={sending}>
          {t('form.submit')}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('form.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
