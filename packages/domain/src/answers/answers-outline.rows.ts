import type { OnboardingStep } from '../onboarding-steps.ts';
import { dealerDate } from '../rules/person.ts';

// What every section of the outline is built of (answers-outline.ts puts them together).

export interface OutlineRow {
  /** The answer's place in the saved steps, `step.path` (`profile.homeAddress`). */
  id: string;
  label: string;
  value: string | string[];
}

export interface OutlineSection {
  id: string;
  heading: string;
  /** 2: a section; 3: a part of the section before it (employment, spouse...). */
  level: 2 | 3;
  /** The step whose screen changes these answers. */
  changeStep: OnboardingStep;
  rows: OutlineRow[];
}

export type Data = Record<string, unknown>;
export type Who = 'primary' | 'joint';

export const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Builds sections; `add` drops nothing: an unanswered question keeps its row, empty. */
export class Rows {
  readonly rows: OutlineRow[] = [];
  constructor(private readonly prefix: string) {}
  add(id: string, label: string, value: string | string[]): this {
    this.rows.push({ id: this.prefix ? `${this.prefix}.${id}` : id, label, value });
    return this;
  }
}

export const section = (
  id: string,
  heading: string,
  changeStep: OnboardingStep,
  rows: Rows,
  level: 2 | 3 = 2,
): OutlineSection => ({ id, heading, level, changeStep, rows: rows.rows });

/** The dealer's calendar day of a recorded instant (ISO), for the long date format. */
export function dayOf(instant: unknown): string | undefined {
  const time = typeof instant === 'string' ? Date.parse(instant) : NaN;
  return Number.isNaN(time) ? undefined : dealerDate(new Date(time));
}
