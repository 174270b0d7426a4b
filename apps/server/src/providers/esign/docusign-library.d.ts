// `docusign-esign` ships JavaScript without types: the part of its API the adapter calls,
// typed from the library's own sources (src/ApiClient.js, src/api/EnvelopesApi.js,
// src/oauth/UserInfo.js and Account.js at 10.0.0). Payloads follow DocuSign's OpenAPI document
// (contracts/esignature.rest.swagger-v2.1.envelopes.json); the contract tests check them.
declare module 'docusign-esign' {
  export interface OAuthAccount {
    accountId?: string;
    /** `'true'` for the user's default account (the library converts it to a string). */
    isDefault?: string;
    accountName?: string;
    baseUri?: string;
  }
  export interface UserInfo {
    sub?: string;
    accounts?: OAuthAccount[];
  }
  export interface TokenResponse {
    body: { access_token?: string; expires_in?: number | string; token_type?: string };
  }
  export class ApiClient {
    constructor(options?: { basePath?: string; oAuthBasePath?: string; proxy?: string });
    /** Milliseconds; every REST call made through this client gives up after it. */
    timeout: number;
    setBasePath(basePath: string): void;
    setOAuthBasePath(oAuthBasePath: string): void;
    addDefaultHeader(name: string, value: string): void;
    requestJWTUserToken(
      clientId: string,
      userId: string,
      scopes: string[],
      rsaPrivateKey: Buffer | string,
      expiresIn: number,
    ): Promise<TokenResponse>;
    getUserInfo(accessToken: string): Promise<UserInfo>;
  }
  /** JSON payloads, as DocuSign's OpenAPI document names them. */
  type Json = Record<string, unknown>;
  export class EnvelopesApi {
    constructor(client: ApiClient);
    createEnvelope(
      accountId: string,
      options: { envelopeDefinition: Json },
    ): Promise<{ envelopeId?: string; status?: string }>;
    getEnvelope(
      accountId: string,
      envelopeId: string,
      options?: { include?: string },
    ): Promise<Json & { status?: string; voidedReason?: string; recipients?: Json }>;
    createRecipientView(
      accountId: string,
      envelopeId: string,
      options: { recipientViewRequest: Json },
    ): Promise<{ url?: string }>;
    /** The document's bytes (the library reads `application/pdf` as a stream into a Buffer). */
    getDocument(
      accountId: string,
      envelopeId: string,
      documentId: string,
      options?: { certificate?: string },
    ): Promise<Buffer | string>;
    /** PUT .../envelopes/{envelopeId}: voids an envelope in process, or queues its purge. */
    update(accountId: string, envelopeId: string, options: { envelope: Json }): Promise<Json>;
  }
  const docusign: { ApiClient: typeof ApiClient; EnvelopesApi: typeof EnvelopesApi };
  export default docusign;
}
