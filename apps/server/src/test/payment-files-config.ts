import { createHash } from 'node:crypto';

/** Settings of a real bank (BANK_PROVIDER=cpa005) for the configuration tests. */

/** A host key fingerprint as `ssh-keygen -lf` prints it: `SHA256:` and 43 base64 characters. */
export const fingerprintOf = (text: string) =>
  `SHA256:${createHash('sha256').update(text).digest('base64').replace(/=+$/, '')}`;
export const OPENSSH_KEY =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';
export const BANK_PGP_KEY =
  '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nxjMEZbank\n-----END PGP PUBLIC KEY BLOCK-----';
export const OUR_PGP_KEY =
  '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nxVgEZours\n-----END PGP PRIVATE KEY BLOCK-----';

/** A real bank over SFTP, with everything BANK_PROVIDER=cpa005 cannot start without. */
export const cpa005Sftp = {
  BANK_PROVIDER: 'cpa005',
  PAYMENT_FILES_ORIGINATOR_ID: '0123456789',
  PAYMENT_FILES_ORIGINATOR_SHORT_NAME: 'Laurentide',
  PAYMENT_FILES_ORIGINATOR_LONG_NAME: 'Laurentide Investissements',
  PAYMENT_FILES_RETURN_INSTITUTION: '006',
  PAYMENT_FILES_RETURN_TRANSIT: '10001',
  PAYMENT_FILES_RETURN_ACCOUNT: '123456789012',
  PAYMENT_FILES_DATA_CENTRE: '00610',
  PAYMENT_FILES_TRANSPORT: 'sftp',
  PAYMENT_FILES_SFTP_HOST: 'sftp.bank.example',
  PAYMENT_FILES_SFTP_USERNAME: 'laurentide',
  PAYMENT_FILES_SFTP_PRIVATE_KEY: OPENSSH_KEY,
  PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS: fingerprintOf('the bank host key'),
  PAYMENT_FILES_SFTP_OUTGOING_DIR: '/inbound',
  PAYMENT_FILES_SFTP_INCOMING_DIR: '/outbound',
};
