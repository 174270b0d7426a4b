import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../features/errors/error-page.tsx';

/**
 * A render or loader failure anywhere shows the technical-glitch page and sets the address
 * fragment to #/error, as the spec's error handler does.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('unhandled route error', error);
    if (window.location.hash !== '#/error') window.history.replaceState(null, '', '#/error');
  }, [error]);
  return <ErrorPage />;
}
