// What a call of the in-memory API brings and what it answers, refusals included.

export interface InMemoryRequest {
  method: string;
  /** Path and query, e.g. `/service/jaxrs/applications?x=1`. */
  url: string;
  headers: Headers;
  /** The parsed JSON body, when one was sent. */
  body?: unknown;
}

export interface InMemoryAnswer {
  status: number;
  /** JSON, or a string sent as plain text. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export const refusal = (
  status: number,
  errorCode: string,
  message: string,
  extra: object = {},
) => ({
  status,
  body: { errorCode, message, ...extra },
});
export const notFound = () => refusal(404, 'notFound', 'Not found.');
export const signInRequired = () => refusal(401, 'signInRequired', 'Sign in required.');

/** The server's messages for the applications' refusals (applications.routes.ts). */
export const applicationMessages = {
  applicationLocked: 'This application was submitted for review and can no longer change.',
  staleVersion: 'The application changed elsewhere; reload it.',
  stepNotAvailable: 'This step cannot be saved yet.',
  invalidInput: 'The request is not valid.',
} as const;
