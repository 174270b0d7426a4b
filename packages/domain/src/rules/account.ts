import { z } from 'zod';
import { NAME_MAX_LENGTH, personNameSchema } from './person-name.ts';

export { NAME_MAX_LENGTH };
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/**
 * The password rule of ASVS 5.0 section 6.2: at least 12 characters, no composition rules (any
 * character, spaces and pasting allowed), never a common or breached password (`isCommon`: the
 * server checks a shipped list that the client never downloads), never the email's own name.
 * Answers a message key, or null when it passes.
 */
export function passwordProblem(
  password: string,
  email = '',
  isCommon: (password: string) => boolean = () => false,
): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 4 && password.toLowerCase().includes(localPart)) {
    return 'passwordContainsEmail';
  }
  if (isCommon(password)) return 'passwordCommon';
  return null;
}

export type PasswordProblem =
  'passwordTooShort' | 'passwordTooLong' | 'passwordCommon' | 'passwordContainsEmail';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX_LENGTH, 'invalid')
  .pipe(z.email('emailFormat'))
  .transform(normalizeEmail);

/**
 * `POST /security/register` (architecture page, runtime contract); the server passes its list
 * of common passwords, the client (which never downloads it) checks the rest.
 */
export const registrationSchemaFor = (isCommon?: (password: string) => boolean) =>
  z
    .object({
      email: emailSchema,
      password: z.string().min(1, 'required'),
      // The one name rule (person-name.ts): what registration accepts, the profile accepts.
      firstName: personNameSchema,
      lastName: personNameSchema,
      language: z.enum(['en', 'fr'], 'invalid').default('en'),
    })
    .superRefine((value, context) => {
      const problem = passwordProblem(value.password, value.email, isCommon);
      if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
    });
export const registrationSchema = registrationSchemaFor();
export type Registration = z.infer<typeof registrationSchema>;

/** `POST /security/login`. */
export const signInSchema = z.object({
  username: z.string().trim().min(1, 'required').max(EMAIL_MAX_LENGTH, 'invalid'),
  password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'invalid'),
});
