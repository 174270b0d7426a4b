import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Passwords people reach for first; each passes a length-and-mix rule, so it is listed. */
const commonPasswords = new Set([
  'password1234',
  'password123!',
  'passw0rd1234',
  'qwerty123456',
  'qwertyuiop12',
  '123456789012',
  'iloveyou1234',
  'welcome12345',
  'letmein12345',
  'changeme1234',
  'motdepasse12',
  'motdepasse123',
  'administrator1',
  'canada123456',
  'montreal1234',
  'toronto12345',
]);

function characterClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password))
    .length;
}

/**
 * The strength rule: at least 12 characters with three kinds of character (lower case,
 * upper case, digits, symbols), or 20 characters of any kind (a passphrase); never a common
 * password and never the email's own name. Answers a message key, or null when it passes.
 */
export function passwordProblem(password: string, email = ''): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  if (commonPasswords.has(password.toLowerCase())) return 'passwordCommon';
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 4 && password.toLowerCase().includes(localPart)) {
    return 'passwordContainsEmail';
  }
  if (password.length < 20 && characterClasses(password) < 3) return 'passwordTooSimple';
  return null;
}

export type PasswordProblem =
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordCommon'
  | 'passwordContainsEmail'
  | 'passwordTooSimple';

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

const nameSchema = z.string().trim().min(1, 'required').max(NAME_MAX_LENGTH, 'invalid');

/** `POST /security/register` (architecture page, runtime contract). */
export const registrationSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'required'),
    firstName: nameSchema,
    lastName: nameSchema,
    language: z.enum(['en', 'fr'], 'invalid').default('en'),
  })
  .superRefine((value, context) => {
    const problem = passwordProblem(value.password, value.email);
    if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type Registration = z.infer<typeof registrationSchema>;

/** `POST /security/login`. */
export const signInSchema = z.object({
  username: z.string().trim().min(1, 'required').max(EMAIL_MAX_LENGTH, 'invalid'),
  password: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'invalid'),
});
