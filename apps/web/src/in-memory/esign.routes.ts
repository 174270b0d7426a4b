import {
  esignReturnPath,
  signedEvent,
  signerOnTurn,
  type EsignState,
} from '@portal/domain/rules/esign';
import { allows, nextState } from '@portal/domain/status/application-status-machine';
import { sameName } from '@portal/domain/rules/person-name';
import { notFound, refusal, type InMemoryAnswer, type InMemoryRequest } from './answers.ts';
import type { Envelope, InMemoryStore, Steps, StoredApplication } from './store.ts';

// The applicant's e-signature: the envelope, its signing page's own calls, the signed copy.

const ENVELOPE_TTL_MS = 7 * 24 * 60 * 60_000;

const esignMessages = {
  notYourTurn: 'It is not your turn to sign this application.',
  alreadySigned: 'You have already signed this application.',
  signerUnknown: 'The profile of the person who signs is missing.',
  notSigned: 'There is no signed document yet.',
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stand-in PDF for "download your signed copy": one page saying what it is. */
function signedCopyPdf(name: string): string {
  const line = `Sample signed copy (in-memory mode): ${name}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 72 720 Td (${line}) Tj ET`;
  return [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources <</Font <</F1 5 0 R>>>>>> endobj',
    `4 0 obj <</Length ${stream.length}>> stream\n${stream}\nendstream endobj`,
    '5 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
  ].join('\n');
}

export function envelopeOf(store: InMemoryStore, row: StoredApplication): Envelope | undefined {
  return store.state.envelopes.findLast((e) => e.applicationId === row.id && e.role === 'primary');
}

export function esignState(store: InMemoryStore, row: StoredApplication): EsignState {
  return {
    status: envelopeOf(store, row)?.status ?? 'notStarted',
    role: 'primary',
    applicationStatus: row.status,
    canSign: signerOnTurn(row.status) === 'primary',
  };
}

export function startSigning(
  store: InMemoryStore,
  row: StoredApplication,
  request: InMemoryRequest,
): InMemoryAnswer {
  if (!store.state.emailVerified) {
    return refusal(403, 'emailNotVerified', 'Verify your email address first.');
  }
  const envelope = envelopeOf(store, row);
  if (signerOnTurn(row.status) !== 'primary') {
    const code = envelope?.status === 'signed' ? 'alreadySigned' : 'notYourTurn';
    return refusal(409, code, esignMessages[code]);
  }
  const signingUrl = (id: string) => `/#/in-memory/esign/${id}`;
  if (envelope?.status === 'pending' && Date.parse(envelope.expiresAt) > Date.now()) {
    return { status: 200, body: { signingUrl: signingUrl(envelope.id), status: 'pending' } };
  }
  const profile = ((row.steps as Steps).profile ?? {}) as Steps;
  const name = `${text(profile.firstName)} ${text(profile.lastName)}`.trim();
  if (!name) return refusal(409, 'signerUnknown', esignMessages.signerUnknown);
  const language = request.headers.get('accept-language')?.startsWith('fr') ? 'fr' : 'en';
  const created: Envelope = {
    id: store.newId(),
    applicationId: row.id,
    role: 'primary',
    status: 'pending',
    signerName: name,
    signerEmail: store.state.user.email,
    language,
    expiresAt: new Date(Date.now() + ENVELOPE_TTL_MS).toISOString(),
    returnPath: esignReturnPath(row.id),
  };
  store.state.envelopes.push(created);
  return store.commit({
    status: 200,
    body: { signingUrl: signingUrl(created.id), status: 'pending' },
  });
}

export function signedCopy(store: InMemoryStore, row: StoredApplication): InMemoryAnswer {
  const envelope = envelopeOf(store, row);
  if (envelope?.status !== 'signed') {
    return refusal(404, 'notSigned', esignMessages.notSigned);
  }
  return {
    status: 200,
    body: signedCopyPdf(envelope.signerName),
    contentType: 'application/pdf',
    headers: { 'content-disposition': 'attachment; filename="application-signed.pdf"' },
  };
}

/**
 * The sandbox ceremony's own calls (the stand-in page's, not the portal's API): read an
 * envelope, sign it with the typed name, or decline it. The signature moves the application
 * on as the vendor's webhook does on the server.
 */
export function ceremony(
  store: InMemoryStore,
  method: string,
  route: string,
  request: InMemoryRequest,
): InMemoryAnswer {
  const [id, action] = route.split('/');
  const envelope = store.state.envelopes.find((e) => e.id === id);
  if (!envelope) return notFound();
  if (method === 'GET' && action === undefined) return { status: 200, body: { ...envelope } };
  if (method !== 'POST' || (action !== 'sign' && action !== 'decline')) return notFound();
  if (envelope.status !== 'pending') return { status: 409, body: { ...envelope } };
  if (action === 'decline') {
    envelope.status = 'declined';
    return store.commit({ status: 200, body: { ...envelope } });
  }
  const typed = text((request.body as { typedName?: unknown } | undefined)?.typedName);
  if (typed.trim() === '') return refusal(400, 'nameRequired', 'Type your full name to sign.');
  if (!sameName(typed, envelope.signerName)) {
    return refusal(400, 'nameMismatch', 'The name you typed does not match.');
  }
  envelope.status = 'signed';
  const row = store.state.applications.find((a) => a.id === envelope.applicationId);
  if (row) {
    const event = signedEvent(envelope.role, row.ownershipTypeId);
    if (allows(row.status, event)) {
      row.status = nextState(row.status, event);
      row.version += 1;
      row.updatedAt = new Date().toISOString();
    }
  }
  return store.commit({ status: 200, body: { ...envelope } });
}
