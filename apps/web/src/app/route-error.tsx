import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorPage } from '../features/errors/error-page.tsx';
import { http } from '../lib/http/http.ts';

/**
 * A render or loader failure anywhere shows the technical-glitch page and, as the spec's error
 * handler does, moves to #/error: through the router, so its address and its screen agree.
 * The failure is reported to the server's error log.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('unhandled route error', error);
    http.report(
      `route ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(
        0,
        500,
      ),
    );
  }, [error]);
  useEffect(() => {
    if (pathname !== '/error') void navigate('/error', { replace: true });
  }, [pathname, navigate]);
  return <ErrorPage />;
}
