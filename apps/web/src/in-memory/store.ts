import type { ApplicationState } from '@portal/domain/status/application-status-machine';
import type { SavedSteps } from '@portal/domain/rules/onboarding-flow';
import { sampleApplicant, type SampleUser } from './sample-data.ts';

// What the in-memory API keeps, and what its route groups are given to read and change it.

export interface StoredApplication {
  id: string;
  ownerId: string;
  status: ApplicationState;
  version: number;
  ownershipTypeId: number | null;
  /** As submitted (plain SINs and TINs); answered masked. */
  steps: SavedSteps;
  createdAt: string;
  updatedAt: string;
  /** The ids of the accounts it opens, given when funding first lists them. */
  accountIds?: Record<string, string>;
}

export interface Envelope {
  id: string;
  applicationId: string;
  role: 'primary' | 'joint';
  status: 'pending' | 'signed' | 'declined' | 'expired';
  signerName: string;
  signerEmail: string;
  language: 'en' | 'fr';
  expiresAt: string;
  returnPath: string;
}

export interface InMemoryState {
  user: SampleUser;
  emailVerified: boolean;
  /** The stand-in of the server's session cookie: whether the sample applicant is signed in. */
  signedIn: boolean;
  sessionStartedAt: string;
  /** Live access tokens; signing out revokes them all. */
  tokens: string[];
  applications: StoredApplication[];
  envelopes: Envelope[];
}

export function freshState(): InMemoryState {
  return {
    user: { ...sampleApplicant },
    emailVerified: true,
    signedIn: true,
    sessionStartedAt: new Date().toISOString(),
    tokens: [],
    applications: [],
    envelopes: [],
  };
}

export type Steps = Record<string, unknown>;

/** The state of the in-memory API as its route groups see it. */
export interface InMemoryStore {
  readonly state: InMemoryState;
  /** Tells of a change (the browser keeps the state in session storage), answering `value`. */
  commit<T>(value: T): T;
  newId(): string;
}
