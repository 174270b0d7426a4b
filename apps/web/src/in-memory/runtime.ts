import { freshState, InMemoryApi } from './in-memory-api.ts';
import { loadState, saveState } from './state-storage.ts';

let api: InMemoryApi | undefined;

/** The tab's one in-memory API: the MSW handlers and the stand-in pages share it. */
export function inMemoryApi(): InMemoryApi {
  api ??= new InMemoryApi(loadState(), saveState);
  return api;
}

/**
 * The stand-in sign-in page's choices: the sample applicant signs in, on the data of this tab
 * or on fresh sample data. Answers the access token, as the server's authorize does.
 */
export function signInAsSample({ fresh }: { fresh: boolean }): string | undefined {
  const current = inMemoryApi();
  if (fresh) current.state = freshState();
  current.signIn();
  return current.issueToken();
}
