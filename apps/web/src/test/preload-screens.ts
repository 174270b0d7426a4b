import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '../app/routes.tsx';

/** The route table's `lazy` is the function form: it loads the route's whole module. */
const lazyOf = ({ lazy }: RouteObject) => (typeof lazy === 'function' ? lazy : undefined);

/**
 * Loads the code of the screens at these paths (each route on the way, as the route table loads
 * them on demand) before a test renders them, as a browser that has them cached would. A test
 * then waits for what a person sees, not for how fast a busy machine prepares a module the
 * first time it is asked for, which ran past the waits. Call it at the top of a test file, where
 * no hook timeout applies: `await preloadScreens('/home/funding')`.
 */
export async function preloadScreens(...paths: string[]): Promise<void> {
  const loads = paths.flatMap((path) => {
    const found = (matchRoutes(routes, path) ?? []).flatMap(({ route }) => lazyOf(route) ?? []);
    // A path with nothing to load would leave the test waiting on the module it meant to load.
    if (found.length === 0) throw new Error(`No screen loads on demand at ${path}`);
    return found;
  });
  await Promise.all(loads.map((load) => load()));
}
