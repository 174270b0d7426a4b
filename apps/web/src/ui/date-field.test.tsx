import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TranslationProvider } from '../lib/i18n.ts';
import { createTestI18n } from '../test/i18n.ts';
import { DateField, pastedDateParts } from './date-field.tsx';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <DateField id="birthDate" legend="Date of birth" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('DateField', () => {
  it('spreads a whole date pasted into Day over the three boxes', async () => {
    render(
      <TranslationProvider i18n={await createTestI18n('en')}>
        <Harness />
      </TranslationProvider>,
    );
    await userEvent.click(screen.getByLabelText('Day'));
    await userEvent.paste('1985-03-27');
    expect(screen.getByLabelText('Day')).toHaveValue('27');
    expect(screen.getByLabelText('Month')).toHaveValue('3');
    expect(screen.getByLabelText('Year')).toHaveValue('1985');
    expect(screen.getByRole('status')).toHaveTextContent('1985-03-27');
  });

  it('reads a date written year first or in the order of the boxes, nothing else', () => {
    expect(pastedDateParts('1985/3/27')).toEqual({ year: '1985', month: '3', day: '27' });
    expect(pastedDateParts(' 27 03 1985 ')).toEqual({ day: '27', month: '03', year: '1985' });
    expect(pastedDateParts('27')).toBeUndefined();
    expect(pastedDateParts('March 27, 1985')).toBeUndefined();
  });
});
