import type { z } from 'zod';
import type { MessageKey } from '../messages/messages.ts';

/**
 * How the long step rules report: every problem at once, each at the field it concerns. A rule
 * parses each answer with its own schema through `answer` and collects the issues with `report`.
 */
export type Path = readonly PropertyKey[];
export type Report = (path: Path, message: MessageKey) => void;
export const ignore: Report = () => undefined;

/**
 * Parses one answer with its own schema and reports its problems under `path`. The value it
 * answers after a problem is thrown away: zod runs a transform only once no issue was raised.
 */
export function answer<T>(report: Report, path: Path, schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    report([...path, ...issue.path], issue.message as MessageKey);
  }
  return undefined as T;
}

/** Cross-field rules run even when a field failed, so the person sees every problem at once. */
export const evenAfterFieldProblems = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};
