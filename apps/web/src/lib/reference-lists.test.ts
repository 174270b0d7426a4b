import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadReferenceList, referenceOptions, type ReferenceValue } from './reference-lists.ts';

// As the server serves them: Canada and the United States first, the rest in English order.
const served: ReferenceValue[] = [
  { id: 1, description: 'Canada', descriptionFr: 'Canada' },
  { id: 2, description: 'United States', descriptionFr: 'États-Unis' },
  { id: 8, description: 'Albania', descriptionFr: 'Albanie' },
  { id: 818, description: 'Egypt', descriptionFr: 'Égypte' },
  { id: 276, description: 'Germany', descriptionFr: 'Allemagne' },
  { id: 710, description: 'South Africa', descriptionFr: 'Afrique du Sud' },
  { id: 6666, description: 'Other', descriptionFr: 'Autre' },
];

describe('reference lists', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists countries and citizenships in French order in French, as served in English', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify(served), { status: 200 }),
    );
    for (const list of ['countries', 'citizenships'] as const) {
      const rows = await loadReferenceList(list);
      expect(referenceOptions(rows, 'fr').map((option) => option.label)).toEqual([
        'Canada',
        'États-Unis',
        'Afrique du Sud',
        'Albanie',
        'Allemagne',
        'Égypte',
        'Autre',
      ]);
      expect(referenceOptions(rows, 'en').map((option) => option.id)).toEqual(
        served.map((row) => row.id),
      );
    }
  });

  it('keeps the served order of any other list', () => {
    const industries = [
      { id: 3, description: 'Zoos', descriptionFr: 'Zoos' },
      { id: 1, description: 'Agriculture', descriptionFr: 'Agriculture' },
    ];
    expect(referenceOptions(industries, 'fr').map((option) => option.id)).toEqual([3, 1]);
  });

  it('answers the lists a screen asks for together at once, a failed one without the others', async () => {
    const answers = new Map<string, (response: Response) => void>();
    vi.spyOn(window, 'fetch').mockImplementation(
      (input) =>
        new Promise<Response>((resolve) =>
          answers.set(String(input).split('/').pop() ?? '', resolve),
        ),
    );
    const arrived: string[] = [];
    const provinces = loadReferenceList('provinceStates').then((rows) => {
      arrived.push('provinces');
      return rows;
    });
    const industries = loadReferenceList('businessTypes').then(
      () => arrived.push('industries'),
      () => arrived.push('industries failed'),
    );
    await vi.waitFor(() => expect(answers.size).toBe(2));

    answers.get('provinceStates')?.(new Response(JSON.stringify(served), { status: 200 }));
    await new Promise((settled) => setTimeout(settled, 0));
    // The provinces are here, but wait for the industries asked for with them.
    expect(arrived).toEqual([]);

    answers.get('businessTypes')?.(new Response('{}', { status: 503 }));
    await Promise.allSettled([provinces, industries]);
    expect(arrived.sort()).toEqual(['industries failed', 'provinces']);
    expect((await provinces).map((row) => row.id)).toEqual(served.map((row) => row.id));
  });
});
