/**
 * Moves the person to a screen of the app from code that lives outside React (the HTTP client,
 * the global error handler). Once the router exists, the move goes through it, so a leave guard
 * can ask first and a step's unsaved answers are kept; writing `location.hash` would go around
 * the router, which cannot hold back a move it did not make.
 */
let routerNavigate: ((path: string) => void) | undefined;

/** Called once the router exists (main.tsx); tests hand in their own router's navigate. */
export function navigateInAppThrough(navigate: ((path: string) => void) | undefined): void {
  routerNavigate = navigate;
}

/** Whether the router has taken over the screen (before it, the address is all there is). */
export function appRouterReady(): boolean {
  return routerNavigate !== undefined;
}

export function navigateInApp(path: string): void {
  if (routerNavigate) routerNavigate(path);
  else window.location.hash = `#${path}`;
}
