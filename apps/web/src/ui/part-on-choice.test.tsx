import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TranslationProvider } from '../lib/i18n.ts';
import { onChoice } from '../lib/on-demand.ts';
import { createTestI18n } from '../test/i18n.ts';
import { PartOnChoice } from './part-on-choice.tsx';

interface FormModule {
  Form(props: { name: string }): React.ReactNode;
}

/** A part with answers of its own, as the funding step's debit form has its amount. */
function AmountForm({ name }: { name: string }) {
  const [amount, setAmount] = useState('');
  return (
    <>
      <p>The form for {name}</p>
      <label htmlFor="amount">Amount</label>
      <input id="amount" value={amount} onChange={(event) => setAmount(event.target.value)} />
    </>
  );
}

const formModule: FormModule = { Form: AmountForm };

/** A download the test settles by hand, as the network would. */
function download() {
  let settle!: { resolve(module: FormModule): void; reject(reason: Error): void };
  const promise = new Promise<FormModule>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

function Screen({ part }: { part: ReturnType<typeof onChoice<FormModule>> }) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState(false);
  return (
    <>
      <label htmlFor="name">Name</label>
      <input id="name" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <button type="button" onClick={() => setChosen(true)}>
        A transfer
      </button>
      {chosen && <PartOnChoice part={part}>{({ Form }) => <Form name={typed} />}</PartOnChoice>}
    </>
  );
}

async function renderScreen(part: ReturnType<typeof onChoice<FormModule>>, language?: 'fr') {
  render(
    <TranslationProvider i18n={await createTestI18n(language)}>
      <Screen part={part} />
    </TranslationProvider>,
  );
}

describe('a part of a screen shown on a choice', () => {
  it('says it is loading until its code is here, then shows it, keeping what was typed', async () => {
    const first = download();
    const load = vi.fn(() => first.promise);
    await renderScreen(onChoice(load));
    await userEvent.type(screen.getByLabelText('Name'), 'Zoë');
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'A transfer' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading this part of the page…');
    first.resolve(formModule);
    expect(await screen.findByText('The form for Zoë')).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed in the part when the screen around it changes after the download', async () => {
    const first = download();
    await renderScreen(onChoice(() => first.promise));
    await userEvent.click(screen.getByRole('button', { name: 'A transfer' }));
    first.resolve(formModule);
    await userEvent.type(await screen.findByLabelText('Amount'), '100');
    // The screen renders again (here: its name typed), and the part with it.
    await userEvent.type(screen.getByLabelText('Name'), 'Zoë');
    expect(screen.getByText('The form for Zoë')).toBeVisible();
    expect(screen.getByLabelText('Amount')).toHaveValue('100');
  });

  it('says a failed download failed, once, and tries again when asked (in French)', async () => {
    const attempts = [download(), download()];
    const load = vi.fn(
      () => attempts[load.mock.calls.length - 1]?.promise ?? new Promise<FormModule>(() => {}),
    );
    await renderScreen(onChoice(load), 'fr');
    await userEvent.type(screen.getByLabelText('Name'), "O'Brien");
    await userEvent.click(screen.getByRole('button', { name: 'A transfer' }));
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de cette partie de la page…');

    // React logs what an error boundary catches; the screen says it in words.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    attempts[0]?.reject(new Error('Failed to fetch dynamically imported module'));
    const alert = await screen.findByRole('alert');
    logged.mockRestore();
    expect(alert).toHaveTextContent(
      "Cette partie de la page n'a pas pu être chargée. Vérifiez votre connexion, puis réessayez.",
    );
    // Failed stays failed: no download loop while the person is offline.
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Name')).toHaveValue("O'Brien");

    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeInTheDocument();
    attempts[1]?.resolve(formModule);
    expect(await screen.findByText("The form for O'Brien")).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders at once when the download finished before the choice (the pointer neared it)', async () => {
    const part = onChoice(async () => formModule);
    part.intent();
    await part.load();
    await renderScreen(part);
    await userEvent.click(screen.getByRole('button', { name: 'A transfer' }));
    expect(screen.getByText('The form for')).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
