/**
 * Errors nobody caught (spec section 2: "the error handler also sets #/error") send the person
 * to the technical-glitch page instead of leaving a half-working screen.
 */
export function installGlobalErrorHandler(target: Window = window): () => void {
  const toErrorPage = () => {
    if (target.location.hash !== '#/error') target.location.hash = '#/error';
  };
  const onError = (event: ErrorEvent) => {
    console.error('unhandled error', event.error ?? event.message);
    toErrorPage();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('unhandled promise rejection', event.reason);
    toErrorPage();
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
