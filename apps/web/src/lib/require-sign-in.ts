import { redirect, type LoaderFunctionArgs } from 'react-router';
import { readAccessToken } from './session-token.ts';
import { authorizeUrl, saveReturnUrl } from './sign-in.ts';

/**
 * Route guard (spec section 2): a visitor who is not signed in has the wanted address saved
 * for 2 minutes and is sent to authorize, which signs them in and comes back through #/oauth.
 */
export function requireSignIn({ request }: LoaderFunctionArgs) {
  if (readAccessToken()) return null;
  const url = new URL(request.url);
  saveReturnUrl(`${url.pathname}${url.search}`);
  return redirect(`/externalRedirect?href=${encodeURIComponent(authorizeUrl())}`);
}
