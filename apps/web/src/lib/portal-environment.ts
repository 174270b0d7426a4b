/**
 * The environment the server says this page runs in: it writes
 * `<meta name="portal-environment" content="sandbox">` into index.html while the sandbox
 * vendors are on (architecture page: "announced by a banner on every page while on").
 */
export function isSandboxEnvironment(doc: Document = document): boolean {
  return (
    doc.querySelector('meta[name="portal-environment"]')?.getAttribute('content')?.trim() ===
    'sandbox'
  );
}
