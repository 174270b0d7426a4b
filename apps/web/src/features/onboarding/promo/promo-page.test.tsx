import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, renderApp } from '../../../test/render-app.tsx';

const ID = '7d0c8a8e-2f4b-4c55-9a39-1b2c3d4e5f60';
const welcome = {
  code: 'WELCOME2026',
  offerEn: 'No commission on your first 10 stock and ETF trades.',
  offerFr: 'Aucune commission sur vos 10 premières opérations sur actions et FNB.',
  validUntil: '2030-12-31',
  accountTypes: [],
};

/** The promo code API of one application behind `window.fetch`, with the contract's answers. */
function fakePromoApi(held: typeof welcome | null = null) {
  let current = held;
  const calls: { method: string; body: unknown }[] = [];
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (!url.pathname.endsWith(`/applications/${ID}/promoCode`)) return json(204);
    calls.push({ method, body });
    if (method === 'GET') return json(200, { promoCode: current });
    if (method === 'DELETE') {
      current = null;
      return json(204);
    }
    const code = (body as { code: string }).code;
    if (code === 'WELCOME2026') {
      current = welcome;
      return json(200, { promoCode: welcome });
    }
    return json(400, {
      errorCode: code === 'SUMMER2025' ? 'promoExpired' : 'promoUnknown',
      message: 'refused',
    });
  });
  return { calls };
}

const open = (language: 'en' | 'fr' = 'en') =>
  renderApp({
    path: `/application/${ID}/promo`,
    user: { status: 'signedIn', user: client },
    language,
  });

describe('promo code screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses an expired code with its message, then applies a current one typed in lower case', async () => {
    const api = fakePromoApi();
    const user = userEvent.setup();
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Promo code' })).toBeVisible();
    expect(await screen.findByText('No promo code is applied.')).toBeVisible();
    const field = screen.getByLabelText('Promo code');
    await user.type(field, 'summer2025');
    await user.click(screen.getByRole('button', { name: 'Apply the code' }));
    expect(await screen.findByText('This promo code has expired.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());

    await user.clear(field);
    await user.type(field, 'welcome2026');
    await user.click(screen.getByRole('button', { name: 'Apply the code' }));
    const offer = await screen.findByRole('heading', { name: 'Your offer with WELCOME2026' });
    await waitFor(() => expect(offer).toHaveFocus());
    expect(screen.getByText(welcome.offerEn)).toBeVisible();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Code WELCOME2026 is applied.',
    );
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { code: 'SUMMER2025' },
      { code: 'WELCOME2026' },
    ]);
  });

  it('says in French why text cannot be a code, without asking the server', async () => {
    const api = fakePromoApi();
    const user = userEvent.setup();
    await open('fr');
    const field = await screen.findByLabelText('Code promotionnel');
    await user.type(field, 'BIENVENUE 2026!');
    await user.click(screen.getByRole('button', { name: 'Appliquer le code' }));
    expect(
      await screen.findByText(
        'Un code promotionnel compte au plus 20 lettres, chiffres ou tirets.',
      ),
    ).toBeVisible();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows the code held in French and removes it', async () => {
    const api = fakePromoApi(welcome);
    const user = userEvent.setup();
    await open('fr');
    expect(await screen.findByText(welcome.offerFr)).toBeVisible();
    expect(screen.getByText(/Valide jusqu'au 31 décembre 2030/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retirer le code' }));
    expect(await screen.findByText('Le code promotionnel a été retiré.')).toBeVisible();
    expect(screen.getByText("Aucun code promotionnel n'est appliqué.")).toBeVisible();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
