import { notFound, type InMemoryAnswer } from './answers.ts';
import { sampleAddresses } from './sample-data.ts';

/**
 * The address lookup (the sandbox provider's behaviour on a few sample addresses): a key,
 * suggestions for what is typed, and the full address of one suggestion.
 */
export function addressLookup(route: string, url: URL): InMemoryAnswer {
  if (route === '/addressLookup/key') {
    return {
      status: 200,
      body: { key: 'in-memory', expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() },
    };
  }
  if (route === '/addressLookup/find') {
    const words = (url.searchParams.get('q') ?? '').toLocaleLowerCase().split(/\s+/);
    const found = sampleAddresses.filter((address) =>
      words.every((word) =>
        `${address.text} ${address.description}`.toLocaleLowerCase().includes(word),
      ),
    );
    return {
      status: 200,
      body: found.map(({ id, text: line, description }) => ({ id, text: line, description })),
    };
  }
  const id = /^\/addressLookup\/retrieve\/([^/]+)$/.exec(route)?.[1];
  const address = sampleAddresses.find((a) => a.id === decodeURIComponent(id ?? ''));
  return address ? { status: 200, body: address.address } : notFound();
}
