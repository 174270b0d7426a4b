import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { registrationRoutes } from './registration.routes.ts';
import { securityRouteContext, type SecurityRoutesOptions } from './security-http.ts';
import { sessionRoutes } from './session.routes.ts';
import { signInRoutes } from './sign-in.routes.ts';

export {
  AUTHORIZE_PATH,
  SESSION_COOKIE,
  sessionSecretOf,
  type SecurityRoutesOptions,
} from './security-http.ts';

/**
 * The security service's routes under `/security` (spec section 7; issue 11), one group per
 * file (issue 32): signing in, creating an account, resetting a password, and the session.
 * Registered on this instance in that order, as one plugin.
 */
export const securityRoutes: FastifyPluginAsyncZod<SecurityRoutesOptions> = async (
  app,
  options,
) => {
  const context = securityRouteContext(app, options);
  signInRoutes(app, context);
  registrationRoutes(app, context);
  passwordResetRoutes(app, context);
  sessionRoutes(app, context);
};
