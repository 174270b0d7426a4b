import { Navigate } from 'react-router';

/**
 * The express-application action screen opens from an advisor's invitation. Until invitations
 * exist on the server, every link is one we cannot match, which the spec answers with the
 * "use the most recent invitation" message.
 */
export function ActionPage() {
  return <Navigate to="/express-error?notFound=true" replace />;
}
