import type { ApplicationSummary } from '@portal/domain/application-summary';
import { onboardingSteps, type OnboardingStep } from '@portal/domain/onboarding-steps';
import {
  chosenAccounts,
  resumeStep,
  stepApplies,
  stepOpen,
  type SavedSteps,
} from '@portal/domain/rules/onboarding-flow';
import { withSinsAsCanadianTins } from '@portal/domain/rules/affiliations';
import { stepSchemaFor, withServerFacts } from '@portal/domain/rules/step-schemas';
import {
  acceptsChanges,
  canDelete,
  nextState,
  type ApplicationEvent,
} from '@portal/domain/status/application-status-machine';
import { isMessageCode } from '@portal/domain/messages/message-code';
import { applicationMessages, refusal, type InMemoryAnswer } from './answers.ts';
import { masked, restoreBlankFields } from './sealed-fields.ts';
import type { InMemoryStore, Steps, StoredApplication } from './store.ts';

// The applications and their steps: list, create, delete, save a step.

export function maskedSteps(steps: SavedSteps): Steps {
  return Object.fromEntries(
    Object.entries(steps as Steps).map(([step, data]) => [step, masked(step, data)]),
  );
}

export function summaryOf(row: StoredApplication): ApplicationSummary {
  return {
    id: row.id,
    status: row.status,
    role: 'primary',
    version: row.version,
    ownershipTypeId: row.ownershipTypeId,
    // bypass-qualId is on in this mode (the demo flags): no `identity` field, as on the server.
    nextStep: resumeStep(row.status, row.steps, 'primary'),
    accounts: chosenAccounts(row.steps),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function listApplications(store: InMemoryStore): ApplicationSummary[] {
  return store.state.applications
    .filter((row) => row.ownerId === store.state.user.id)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map(summaryOf);
}

export function createApplication(store: InMemoryStore): InMemoryAnswer {
  const now = new Date().toISOString();
  const row: StoredApplication = {
    id: store.newId(),
    ownerId: store.state.user.id,
    status: 'new',
    version: 1,
    ownershipTypeId: null,
    steps: {},
    createdAt: now,
    updatedAt: now,
  };
  store.state.applications.push(row);
  return store.commit({ status: 201, body: summaryOf(row) });
}

export function removeApplication(store: InMemoryStore, row: StoredApplication): InMemoryAnswer {
  if (!canDelete(row.status)) {
    return refusal(409, 'applicationLocked', applicationMessages.applicationLocked);
  }
  store.state.applications = store.state.applications.filter((a) => a.id !== row.id);
  store.state.envelopes = store.state.envelopes.filter((e) => e.applicationId !== row.id);
  return store.commit({ status: 204 });
}

export function saveStep(
  store: InMemoryStore,
  row: StoredApplication,
  stepName: string,
  body: unknown,
): InMemoryAnswer {
  const input = body as { version?: unknown; data?: unknown } | undefined;
  const fields: Record<string, string> = {};
  if (!(onboardingSteps as readonly string[]).includes(stepName)) fields.step = 'invalid';
  if (typeof input?.version !== 'number' || !Number.isInteger(input.version)) {
    fields.version = input?.version === undefined ? 'required' : 'invalid';
  } else if (input.version < 1) {
    fields.version = 'invalid';
  }
  if (Object.keys(fields).length > 0) {
    return refusal(400, 'invalidInput', applicationMessages.invalidInput, { fields });
  }
  const step = stepName as OnboardingStep;
  const version = input?.version as number;
  if (!acceptsChanges(row.status)) {
    return refusal(409, 'applicationLocked', applicationMessages.applicationLocked);
  }
  if (row.version !== version) {
    return refusal(409, 'staleVersion', applicationMessages.staleVersion, {
      currentVersion: row.version,
    });
  }
  const saved = row.steps;
  const primarySin = () => ((saved as Steps).profile as { sin?: string } | undefined)?.sin;
  const schema = stepOpen(step, saved) ? stepSchemaFor(step, saved, primarySin) : undefined;
  if (!schema) return refusal(400, 'stepNotAvailable', applicationMessages.stepNotAvailable);
  const restored = restoreBlankFields(step, input?.data, (saved as Steps)[step]);
  // As the server: a Canadian tax residence left blank takes the profile's SIN.
  const submitted =
    step === 'otherinterests'
      ? withSinsAsCanadianTins(restored, {
          primary: primarySin(),
          joint: ((saved as Steps).profilejoint as { sin?: string } | undefined)?.sin,
        })
      : restored;
  const parsed = schema.safeParse(submitted);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      problems[['data', ...issue.path].join('.')] ??= isMessageCode(issue.message)
        ? issue.message
        : 'invalid';
    }
    return refusal(400, 'invalidInput', applicationMessages.invalidInput, { fields: problems });
  }
  const now = new Date();
  const stored = withServerFacts(step, parsed.data, saved, now);
  if (step === 'profile') {
    const name = parsed.data as { firstName: string; lastName: string };
    store.state.user = { ...store.state.user, firstName: name.firstName, lastName: name.lastName };
  }
  const joint = stepApplies('profilejoint', saved);
  const event: ApplicationEvent =
    step !== 'review' ? 'stepSaved' : joint ? 'reviewAgreedJoint' : 'reviewAgreedIndividual';
  row.status = nextState(row.status, event);
  row.version += 1;
  if (step === 'ownership') {
    row.ownershipTypeId = (parsed.data as { ownershipTypeId: number }).ownershipTypeId;
  }
  row.steps = { ...saved, [step]: stored } as SavedSteps;
  row.updatedAt = now.toISOString();
  return store.commit({
    status: 200,
    body: { ...summaryOf(row), saved: masked(step, stored) },
  });
}
