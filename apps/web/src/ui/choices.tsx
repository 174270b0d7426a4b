import type { ReactNode } from 'react';
import { describedByOf, FieldMessages } from './field-messages.tsx';
import styles from './forms.module.css';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** The label's language when it differs from the page's (`Français` on an English page). */
  lang?: string;
  /** Shown under the choice while it is selected (GOV.UK conditional reveal). */
  reveal?: ReactNode;
}

interface GroupProps {
  /** The fieldset's id: the error summary links here. */
  id: string;
  legend: string;
  /** The page's question: the legend is styled as its heading. */
  legendIsHeading?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** A question answered by radios or checkboxes: fieldset, legend, hint and error message. */
function ChoiceGroup({ id, legend, legendIsHeading, hint, error, children }: GroupProps) {
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field}>
      <fieldset id={id} aria-describedby={describedByOf(id, hint, error)} tabIndex={-1}>
        <legend className={legendIsHeading ? styles.legendHeading : styles.legend}>
          {legendIsHeading ? <h1>{legend}</h1> : legend}
        </legend>
        <FieldMessages id={id} hint={hint} error={error} />
        <div className={styles.choices}>{children}</div>
      </fieldset>
    </div>
  );
}

function ChoiceItem<V extends string | number>({
  groupId,
  type,
  choice,
  checked,
  onChange,
  name,
}: {
  groupId: string;
  type: 'radio' | 'checkbox';
  choice: Choice<V>;
  checked: boolean;
  onChange(checked: boolean): void;
  name: string;
}) {
  const id = `${groupId}-${String(choice.value)}`;
  return (
    <div className={styles.choice}>
      <input
        id={id}
        type={type}
        name={name}
        value={String(choice.value)}
        checked={checked}
        disabled={choice.disabled}
        aria-describedby={choice.hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} lang={choice.lang}>
        {choice.label}
      </label>
      {choice.hint && (
        <div id={`${id}-hint`} className={styles.choiceHint}>
          {choice.hint}
        </div>
      )}
      {checked && choice.reveal && <div className={styles.reveal}>{choice.reveal}</div>}
    </div>
  );
}

export function RadioChoices<V extends string | number>(
  props: Omit<GroupProps, 'children'> & {
    choices: Choice<V>[];
    value: V | undefined;
    onChange(value: V): void;
  },
) {
  const { choices, value, onChange, ...group } = props;
  return (
    <ChoiceGroup {...group}>
      {choices.map((choice) => (
        <ChoiceItem
          key={String(choice.value)}
          groupId={group.id}
          name={group.id}
          type="radio"
          choice={choice}
          checked={value === choice.value}
          onChange={(checked) => checked && onChange(choice.value)}
        />
      ))}
    </ChoiceGroup>
  );
}

export function CheckboxChoices<V extends string | number>(
  props: Omit<GroupProps, 'children'> & {
    choices: Choice<V>[];
    values: readonly V[];
    onChange(values: V[]): void;
  },
) {
  const { choices, values, onChange, ...group } = props;
  return (
    <ChoiceGroup {...group}>
      {choices.map((choice) => (
        <ChoiceItem
          key={String(choice.value)}
          groupId={group.id}
          name={group.id}
          type="checkbox"
          choice={choice}
          checked={values.includes(choice.value)}
          onChange={(checked) =>
            onChange(
              checked
                ? [...values, choice.value]
                : values.filter((selected) => selected !== choice.value),
            )
          }
        />
      ))}
    </ChoiceGroup>
  );
}
