import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets a browser or a mail holds (session, sign-in challenge, access token, reset link):
 * random, and only their hash is kept in the database.
 */
export const hashSecret = (secret: string) =>
  createHash('sha256').update(secret).digest('base64url');
export const newSecret = () => randomBytes(32).toString('base64url');
