import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export interface SecretFileFormat<T> {
  /** A new secret and the text the file holds for it (one line). */
  generate(): { value: T; text: string };
  /** The secret a file's text holds, or null when it holds none. */
  parse(text: string): T | null;
  /** Why an existing file is refused; it never repeats the file's text. */
  refusal(file: string): Error;
}

/**
 * The secret kept in `file`: read when it exists, otherwise generated and written with mode
 * 0600. The new secret is written to a temporary file first and then linked to its name, which
 * fails when the name exists: two processes starting on one folder end up with one secret, and
 * nobody ever reads a half-written file. A file that holds no valid secret stops the start
 * instead of being replaced.
 */
export function loadOrCreateSecretFile<T>(file: string, format: SecretFileFormat<T>): T {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) {
    const created = format.generate();
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const descriptor = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(descriptor, `${created.text}\n`);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    try {
      linkSync(temporary, file);
      return created.value;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  const existing = format.parse(readFileSync(file, 'utf8'));
  if (existing === null) throw format.refusal(file);
  return existing;
}
