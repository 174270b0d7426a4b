import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationDetail } from '../../../lib/applications-api.ts';
import { client, renderApp } from '../../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../../test/fake-applications-api.ts';

/** The reference lists the profile asks for, answered from memory. */
export const profileReferenceLists: Record<string, unknown[]> = {
  citizenships: [{ id: 1, description: 'Canadian', descriptionFr: 'Canadienne' }],
  countries: [
    { id: 1, description: 'Canada', descriptionFr: 'Canada' },
    { id: 2, description: 'United States', descriptionFr: 'États-Unis' },
  ],
  provinceStates: [
    { id: 5, description: 'Ontario', descriptionFr: 'Ontario', parentId: 1 },
    { id: 11, description: 'Quebec', descriptionFr: 'Québec', parentId: 1 },
  ],
  businessTypes: [
    { id: 52, description: 'Finance and insurance', descriptionFr: 'Finance et assurances' },
  ],
  occupationTypes: [
    { id: 101, description: 'Accountant', descriptionFr: 'Comptable' },
    { id: 102, description: 'Nurse', descriptionFr: 'Infirmier ou infirmière' },
    { id: 103, description: 'Software developer', descriptionFr: 'Développeur de logiciels' },
    // An id of the earlier list that named a situation, not work: never offered.
    { id: 9001, description: 'Student', descriptionFr: 'Étudiant ou étudiante' },
  ],
};

/** Opens a profile step of an application whose earlier steps are `steps`. */
export async function openProfileStep({
  steps,
  step = 'profile',
  language = 'en',
  user = client,
  hashRouter = false,
}: {
  steps: ApplicationDetail['steps'];
  step?: 'profile' | 'profilejoint';
  language?: 'en' | 'fr';
  /** Who is signed in (an existing client has `onboardingComplete`). */
  user?: typeof client;
  /** The route in the browser's address, as in the product (render-app.tsx). */
  hashRouter?: boolean;
}) {
  const api = fakeApplicationsApi([{ status: 'continue', steps }]);
  const original = api.fetchSpy.getMockImplementation();
  api.fetchSpy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const list = /\/references\/(\w+)$/.exec(url.pathname)?.[1];
    if (list && profileReferenceLists[list]) {
      return new Response(JSON.stringify(profileReferenceLists[list]), { status: 200 });
    }
    return original!(input, init);
  });
  const id = api.first().id;
  const rendered = await renderApp({
    path: `/application/${id}/${step}`,
    user: { status: 'signedIn', user },
    language,
    hashRouter,
  });
  await screen.findByRole('heading', { level: 1 });
  return { api, id, ...rendered };
}

/** The data of the last step the page saved. */
export function lastSaved(api: ReturnType<typeof fakeApplicationsApi>): Record<string, unknown> {
  const puts = api.calls.filter((call) => call.method === 'PUT');
  return (puts.at(-1)?.body as { data: Record<string, unknown> }).data;
}

export const saveAndContinue = () =>
  userEvent.click(screen.getByRole('button', { name: /Save and continue|Enregistrer/ }));
