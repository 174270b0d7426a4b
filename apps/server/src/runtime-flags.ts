import v8 from 'node:v8';

/**
 * V8 decides, per allocation site, to allocate straight into the old generation objects it saw
 * survive young collections ("pretenuring"). The decision is made on what the process did so
 * far, and on this server it went either way from one start to the next: in about half of the
 * starts on PostgreSQL, each request's short-lived objects were pretenured, the old generation
 * filled with about 230 MB of garbage every 1.7 s, young collections took 4 to 5 ms instead of
 * 1, and `GET users` served about 28,000 requests a second instead of about 40,000 (issue 18,
 * `--trace-gc`; ADR 0025). A server's objects live for a request, or for its whole life in
 * caches built at start: turning the heuristic off gave every start the fast figure.
 * Imported first by main.ts, so it holds before the server allocates its requests' objects.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
