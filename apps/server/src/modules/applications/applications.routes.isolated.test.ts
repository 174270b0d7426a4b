import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema.ts';
import {
  APPLICATIONS_URL,
  applicationWithAccounts,
  createApplication,
  getApplication,
  listApplications,
  putStep,
  saveStep,
  type ApplicationBody,
  type ErrorBody,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer, signedInUser } from '../../test/users.ts';
import * as repo from './applications.repo.ts';

// The real repository, with the audit writes replaceable: tests make them fail to prove the
// change and its audit event commit or roll back together. A step save writes its event in the
// statement that writes the step (writeStepSave), the other changes through insertAudit.
vi.mock('./applications.repo.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof repo>();
  return {
    ...actual,
    insertAudit: vi.fn(actual.insertAudit),
    writeStepSave: vi.fn(actual.writeStepSave),
  };
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const individual = { ownershipTypeId: 1 };
const jointSpouses = { ownershipTypeId: 2, jointRelationship: 'spouse' };
const jointOthers = { ownershipTypeId: 2, jointRelationship: 'other' };

describe('/service/jaxrs/applications', () => {
  const { test, alice } = signedInTestApp('alice');

  const create = () => createApplication(test.app, alice.token);
  const save = (id: string, step: string, version: number, data: unknown) =>
    saveStep(test.app, alice.token, id, step, version, data);
  const put = (id: string, step: string, version: number, data: unknown) =>
    putStep(test.app, alice.token, id, step, version, data);
  const detail = async (id: string) => {
    const response = await getApplication(test.app, alice.token, id);
    expect(response.statusCode).toBe(200);
    return response.json<ApplicationBody>();
  };
  const nextStep = async (id: string) => {
    const response = await test.app.inject({
      url: `${APPLICATIONS_URL}/${id}/next-step`,
      headers: bearer(alice.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ step: string | null }>().step;
  };
  const remove = (id: string, token = alice.token) =>
    test.app.inject({ method: 'DELETE', url: `${APPLICATIONS_URL}/${id}`, headers: bearer(token) });
  const lock = (id: string, status: string) => repo.updateApplication(test.app.db, id, { status });

  describe('lifecycle', () => {
    it('POST accepts the empty JSON body the client sends (spec section 7: POST is JSON)', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: APPLICATIONS_URL,
        headers: { ...bearer(alice.token), 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<ApplicationBody>().status).toBe('new');
    });

    it('a JSON body that does not parse, or poisons the prototype, answers 400', async () => {
      const created = await createApplication(test.app, alice.token);
      for (const payload of ['{"version":', '{"version":1,"data":{},"__proto__":{"x":1}}']) {
        const response = await test.app.inject({
          method: 'PUT',
          url: `${APPLICATIONS_URL}/${created.id}/steps/ownership`,
          headers: { ...bearer(alice.token), 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
      }
    });

    it('POST starts a new application at version 1 whose next step is ownership', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: APPLICATIONS_URL,
        headers: bearer(alice.token),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<ApplicationBody>();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        status: 'new',
        role: 'primary',
        version: 1,
        ownershipTypeId: null,
        nextStep: 'ownership',
        accounts: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
      expect(body.updatedAt).toBe(body.createdAt);
    });

    it("GET lists only the caller's applications, most recently changed first, never cached", async () => {
      const carol = await signedInUser(test.app, 'carol');
      const dave = await signedInUser(test.app, 'dave');
      const first = await createApplication(test.app, carol.token);
      const second = await createApplication(test.app, carol.token);
      const third = await createApplication(test.app, carol.token);
      const daves = await createApplication(test.app, dave.token);

      const response = await test.app.inject({
        url: APPLICATIONS_URL,
        headers: bearer(carol.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.json<ApplicationBody[]>().map((a) => a.id)).toEqual([
        third.id,
        second.id,
        first.id,
      ]);

      // Saving a step changes the first one: it moves to the top.
      const saved = await saveStep(test.app, carol.token, first.id, 'ownership', 1, individual);
      const afterSave = await listApplications(test.app, carol.token);
      expect(afterSave.map((a) => a.id)).toEqual([first.id, third.id, second.id]);
      // The save answers the summary and the step as kept; the list answers the summary.
      const { saved: keptStep, ...summary } = saved;
      expect(keptStep).toEqual(individual);
      expect(afterSave[0]).toEqual(summary);
      expect(afterSave.map((a) => a.id)).not.toContain(daves.id);
      expect((await listApplications(test.app, dave.token)).map((a) => a.id)).toEqual([daves.id]);
    });

    it('GET one answers the summary with the saved steps, never cached', async () => {
      const created = await create();
      const owned = await save(created.id, 'ownership', 1, individual);
      const response = await getApplication(test.app, alice.token, created.id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const { saved: keptStep, ...summary } = owned;
      expect(keptStep).toEqual(individual);
      expect(response.json()).toEqual({ ...summary, steps: { ownership: individual } });
    });

    it('GET one answers 404 notFound for an unknown id and 400 invalidInput for an id that is not a uuid', async () => {
      const unknown = await getApplication(test.app, alice.token, UNKNOWN_ID);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ErrorBody>().errorCode).toBe('notFound');

      const malformed = await getApplication(test.app, alice.token, 'not-a-uuid');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<ErrorBody>()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { id: 'invalid' },
      });
    });

    it('a person who knows the account goes ownership, doyouknow, allaccounts, options (margin chosen), account, profile', async () => {
      const created = await create();
      expect(await nextStep(created.id)).toBe('ownership');

      const owned = await save(created.id, 'ownership', 1, individual);
      expect(owned).toMatchObject({
        status: 'continue',
        version: 2,
        ownershipTypeId: 1,
        nextStep: 'doyouknow',
      });
      expect(await nextStep(created.id)).toBe('doyouknow');

      const knows = await save(created.id, 'doyouknow', 2, { knowsAccount: true });
      expect(knows).toMatchObject({ status: 'continue', version: 3, nextStep: 'allaccounts' });
      expect(await nextStep(created.id)).toBe('allaccounts');

      const chosen = await save(created.id, 'allaccounts', 3, { accounts: ['margin', 'usMargin'] });
      expect(chosen).toMatchObject({
        version: 4,
        nextStep: 'options',
        accounts: ['margin', 'usMargin'],
      });
      expect(await nextStep(created.id)).toBe('options');

      const options = { optionsTrading: true, strategies: [1, 2], shortSelling: false };
      const optioned = await save(created.id, 'options', 4, options);
      expect(optioned).toMatchObject({ version: 5, nextStep: 'account' });

      const detailed = await save(created.id, 'account', 5, {});
      expect(detailed).toMatchObject({ status: 'continue', version: 6, nextStep: 'profile' });
      expect(await nextStep(created.id)).toBe('profile');

      expect((await detail(created.id)).steps).toEqual({
        ownership: individual,
        doyouknow: { knowsAccount: true },
        allaccounts: { accounts: ['margin', 'usMargin'] },
        options,
        account: {},
      });
    });

    it('a person who does not know goes doyouknow, goals, relatedaccounts, and skips options without a margin account', async () => {
      const created = await create();
      await save(created.id, 'ownership', 1, individual);
      const unsure = await save(created.id, 'doyouknow', 2, { knowsAccount: false });
      expect(unsure.nextStep).toBe('goals');
      const goals = await save(created.id, 'goals', 3, { goals: [1] });
      expect(goals.nextStep).toBe('relatedaccounts');
      const related = await save(created.id, 'relatedaccounts', 4, { accounts: ['tfsa'] });
      expect(related).toMatchObject({ version: 5, nextStep: 'account', accounts: ['tfsa'] });
      expect(await nextStep(created.id)).toBe('account');
    });

    it('the options step of an application without a margin account answers 400 stepNotAvailable', async () => {
      const chosen = await applicationWithAccounts(test.app, alice.token, ['cash']);
      const response = await put(chosen.id, 'options', chosen.version, {
        optionsTrading: false,
        shortSelling: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errorCode).toBe('stepNotAvailable');
      expect((await detail(chosen.id)).version).toBe(chosen.version);
    });

    it('a step that does not apply yet or has no schema answers 400 stepNotAvailable and changes nothing', async () => {
      const created = await create();
      // All accounts needs "I know which account", and then the ownership it is checked against.
      const tooEarly = await put(created.id, 'allaccounts', 1, { accounts: ['tfsa'] });
      expect(tooEarly.statusCode).toBe(400);
      expect(tooEarly.json<ErrorBody>().errorCode).toBe('stepNotAvailable');

      // Nothing is answered out of order: doyouknow waits for the ownership.
      const beforeOwnership = await put(created.id, 'doyouknow', 1, { knowsAccount: true });
      expect(beforeOwnership.statusCode).toBe(400);
      expect(beforeOwnership.json<ErrorBody>().errorCode).toBe('stepNotAvailable');

      const owned = await save(created.id, 'ownership', 1, { ownershipTypeId: 1 });
      const knows = await save(created.id, 'doyouknow', owned.version, { knowsAccount: true });

      // Goals only for people who do not know which account they want.
      const goals = await put(created.id, 'goals', knows.version, { goals: [1] });
      expect(goals.statusCode).toBe(400);
      expect(goals.json<ErrorBody>().errorCode).toBe('stepNotAvailable');

      // Later steps wait for the accounts to be chosen.
      for (const step of ['account', 'profile', 'review', 'esign']) {
        const later = await put(created.id, step, knows.version, {});
        expect(later.statusCode, step).toBe(400);
        expect(later.json<ErrorBody>().errorCode, step).toBe('stepNotAvailable');
      }
      const after = await detail(created.id);
      expect(after.version).toBe(knows.version);
      expect(after.steps).toEqual({
        ownership: { ownershipTypeId: 1 },
        doyouknow: { knowsAccount: true },
      });
    });

    it('a step name outside the onboarding steps answers 400 invalidInput on step', async () => {
      const created = await create();
      const response = await put(created.id, 'nonsense', 1, {});
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { step: 'invalid' },
      });
    });

    it('a body without a version answers 400 invalidInput on version', async () => {
      const created = await create();
      const response = await test.app.inject({
        method: 'PUT',
        url: `${APPLICATIONS_URL}/${created.id}/steps/ownership`,
        headers: bearer(alice.token),
        payload: { data: individual },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { version: 'required' },
      });
    });

    it('invalid ownership data answers 400 invalidInput with data.<path> field codes', async () => {
      const created = await create();
      const unknownType = await put(created.id, 'ownership', 1, { ownershipTypeId: 3 });
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json<ErrorBody>()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { 'data.ownershipTypeId': 'invalid' },
      });

      const jointAlone = await put(created.id, 'ownership', 1, { ownershipTypeId: 2 });
      expect(jointAlone.statusCode).toBe(400);
      expect(jointAlone.json<ErrorBody>().fields).toEqual({
        'data.jointRelationship': 'required',
      });

      const owned = await save(created.id, 'ownership', 1, individual);
      const notKnown = await put(created.id, 'doyouknow', owned.version, { knowsAccount: 'yes' });
      expect(notKnown.statusCode).toBe(400);
      expect(notKnown.json<ErrorBody>().fields).toEqual({ 'data.knowsAccount': 'required' });
      expect((await detail(created.id)).version).toBe(owned.version);
    });

    it('saving the ownership step again changes ownershipTypeId', async () => {
      const created = await create();
      const individually = await save(created.id, 'ownership', 1, individual);
      expect(individually.ownershipTypeId).toBe(1);
      const jointly = await save(created.id, 'ownership', 2, jointSpouses);
      expect(jointly).toMatchObject({ ownershipTypeId: 2, version: 3, nextStep: 'doyouknow' });
      expect((await detail(created.id)).steps).toEqual({ ownership: jointSpouses });
    });

    it('DELETE answers 204 while new or continue, then the application is gone (404)', async () => {
      const fresh = await create();
      const deletedNew = await remove(fresh.id);
      expect(deletedNew.statusCode).toBe(204);
      expect(deletedNew.body).toBe('');

      const started = await create();
      await save(started.id, 'ownership', 1, individual);
      expect((await remove(started.id)).statusCode).toBe(204);

      for (const id of [fresh.id, started.id]) {
        const gone = await getApplication(test.app, alice.token, id);
        expect(gone.statusCode).toBe(404);
        expect(gone.json<ErrorBody>().errorCode).toBe('notFound');
        const again = await remove(id);
        expect(again.statusCode).toBe(404);
        expect(again.json<ErrorBody>().errorCode).toBe('notFound');
      }
      const listed = (await listApplications(test.app, alice.token)).map((a) => a.id);
      expect(listed).not.toContain(fresh.id);
      expect(listed).not.toContain(started.id);
    });

    it('next-step and step saves of an unknown application answer 404 notFound', async () => {
      const next = await test.app.inject({
        url: `${APPLICATIONS_URL}/${UNKNOWN_ID}/next-step`,
        headers: bearer(alice.token),
      });
      expect(next.statusCode).toBe(404);
      expect(next.json<ErrorBody>().errorCode).toBe('notFound');
      const saved = await put(UNKNOWN_ID, 'ownership', 1, individual);
      expect(saved.statusCode).toBe(404);
      expect(saved.json<ErrorBody>().errorCode).toBe('notFound');
    });
  });

  describe('account selection rules of spec section 5 on the accounts step', () => {
    /** Saves ownership and "I know", then offers `accounts`; returns the refusal's fields. */
    async function refusedFields(
      accounts: unknown[],
      ownership: Record<string, unknown> = individual,
    ): Promise<Record<string, string> | undefined> {
      const created = await create();
      const owned = await save(created.id, 'ownership', 1, ownership);
      const knows = await save(created.id, 'doyouknow', owned.version, { knowsAccount: true });
      const response = await put(created.id, 'allaccounts', knows.version, { accounts });
      expect(response.statusCode).toBe(400);
      const body = response.json<ErrorBody>();
      expect(body.errorCode).toBe('invalidInput');
      const after = await detail(created.id);
      expect(after.version).toBe(knows.version);
      expect(after.steps).not.toHaveProperty('allaccounts');
      return body.fields;
    }

    it('at least one account: [] is accountRequired', async () => {
      expect(await refusedFields([])).toEqual({ 'data.accounts': 'accountRequired' });
    });

    it('at most one registered plan: tfsa with rrsp is tooManyRegistered', async () => {
      expect(await refusedFields(['tfsa', 'rrsp'])).toEqual({
        'data.accounts': 'tooManyRegistered',
      });
    });

    it('at most one non-registered account: cash with margin is tooManyNonRegistered', async () => {
      expect(await refusedFields(['cash', 'margin'])).toEqual({
        'data.accounts': 'tooManyNonRegistered',
      });
    });

    it('a USD registered account needs its CAD account: usTfsa alone is usdNeedsCad', async () => {
      expect(await refusedFields(['usTfsa'])).toEqual({ 'data.accounts.0': 'usdNeedsCad' });
    });

    it('an FHSA has no joint variant: fhsa in a joint application is noJointVariant', async () => {
      expect(await refusedFields(['fhsa'], jointSpouses)).toEqual({
        'data.accounts.0': 'noJointVariant',
      });
    });

    it('no registered plan but the RESP can be joint (ADR 0014): a TFSA, an RRSP or a USD TFSA is refused', async () => {
      for (const accounts of [['tfsa'], ['rrsp'], ['lira'], ['tfsa', 'usTfsa']]) {
        expect(await refusedFields(accounts, jointSpouses)).toMatchObject({
          'data.accounts.0': 'noJointVariant',
        });
      }
    });

    it('a joint RESP needs spouses: respi between others is respJointNeedsSpouse', async () => {
      expect(await refusedFields(['respi'], jointOthers)).toEqual({
        'data.accounts.0': 'respJointNeedsSpouse',
      });
    });

    it('each account once: tfsa twice is duplicated on the second', async () => {
      expect(await refusedFields(['tfsa', 'tfsa'])).toEqual({ 'data.accounts.1': 'duplicated' });
    });

    it('only known accounts: an unknown name is invalid', async () => {
      expect(await refusedFields(['tfsa', 'goldBars'])).toEqual({ 'data.accounts.1': 'invalid' });
    });

    it('the related-accounts step applies the same rules', async () => {
      const created = await create();
      await save(created.id, 'ownership', 1, individual);
      await save(created.id, 'doyouknow', 2, { knowsAccount: false });
      await save(created.id, 'goals', 3, { goals: [1] });
      const response = await put(created.id, 'relatedaccounts', 4, { accounts: ['tfsa', 'rrsp'] });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().fields).toEqual({ 'data.accounts': 'tooManyRegistered' });
    });

    it('accepts one registered and one non-registered plan with their USD twins', async () => {
      const accounts = ['tfsa', 'usTfsa', 'margin', 'usMargin'];
      const saved = await applicationWithAccounts(test.app, alice.token, accounts);
      expect(saved).toMatchObject({ status: 'continue', version: 4, accounts });
      expect((await detail(saved.id)).steps?.allaccounts).toEqual({ accounts });
    });

    it('accepts a joint RESP between spouses', async () => {
      const saved = await applicationWithAccounts(test.app, alice.token, ['respi'], jointSpouses);
      expect(saved).toMatchObject({ ownershipTypeId: 2, version: 4, accounts: ['respi'] });
    });
  });

  describe('options and account details steps', () => {
    it('options trading without a strategy is required on data.strategies', async () => {
      const chosen = await applicationWithAccounts(test.app, alice.token, ['margin']);
      const response = await put(chosen.id, 'options', chosen.version, {
        optionsTrading: true,
        strategies: [],
        shortSelling: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { 'data.strategies': 'required' },
      });
      const saved = await save(chosen.id, 'options', chosen.version, {
        optionsTrading: true,
        strategies: [3],
        shortSelling: true,
      });
      expect(saved).toMatchObject({ version: chosen.version + 1, nextStep: 'account' });
    });

    it('a LIRA needs a pension jurisdiction allowed for it: none is required, federal is invalid, ON is kept', async () => {
      const chosen = await applicationWithAccounts(test.app, alice.token, ['lira']);
      const missing = await put(chosen.id, 'account', chosen.version, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ErrorBody>()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { 'data.pensionJurisdiction': 'required' },
      });

      const federal = await put(chosen.id, 'account', chosen.version, {
        pensionJurisdiction: 'federal',
      });
      expect(federal.statusCode).toBe(400);
      expect(federal.json<ErrorBody>().fields).toEqual({ 'data.pensionJurisdiction': 'invalid' });

      const saved = await save(chosen.id, 'account', chosen.version, { pensionJurisdiction: 'ON' });
      expect(saved).toMatchObject({ version: chosen.version + 1, nextStep: 'profile' });
      expect((await detail(chosen.id)).steps?.account).toEqual({ pensionJurisdiction: 'ON' });
    });

    it('a DAP account needs its settlement agent and, if present, an agent account number of exactly 8 letters or digits', async () => {
      const chosen = await applicationWithAccounts(test.app, alice.token, ['dap']);
      const missing = await put(chosen.id, 'account', chosen.version, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ErrorBody>().fields).toEqual({ 'data.dapSettlementAgent': 'required' });

      for (const number of ['ABC1234', 'ABC123456', 'ABC-1234']) {
        const wrong = await put(chosen.id, 'account', chosen.version, {
          dapSettlementAgent: 'Harbour Clearing',
          dapAgentAccountNumber: number,
        });
        expect(wrong.statusCode, number).toBe(400);
        expect(wrong.json<ErrorBody>().fields, number).toEqual({
          'data.dapAgentAccountNumber': 'invalid',
        });
      }

      const saved = await save(chosen.id, 'account', chosen.version, {
        dapSettlementAgent: 'Harbour Clearing',
        dapAgentAccountNumber: 'abc12345',
      });
      expect(saved.version).toBe(chosen.version + 1);
      expect((await detail(chosen.id)).steps?.account).toEqual({
        dapSettlementAgent: 'Harbour Clearing',
        dapAgentAccountNumber: 'ABC12345',
      });
    });

    it('the account step checks the accounts again: an FHSA chosen alone, then ownership made joint, is noJointVariant', async () => {
      const chosen = await applicationWithAccounts(test.app, alice.token, ['fhsa']);
      const joint = await save(chosen.id, 'ownership', chosen.version, jointSpouses);
      const response = await put(chosen.id, 'account', joint.version, {});
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { 'data.accounts': 'noJointVariant' },
      });
      expect((await detail(chosen.id)).steps).not.toHaveProperty('account');
    });
  });

  describe('two tabs: the version guards every save', () => {
    it('the second save on the same version answers 409 staleVersion with the current version and overwrites nothing', async () => {
      const created = await create();
      const first = await put(created.id, 'ownership', 1, individual);
      expect(first.statusCode).toBe(200);
      expect(first.json<ApplicationBody>().version).toBe(2);

      const second = await put(created.id, 'ownership', 1, jointSpouses);
      expect(second.statusCode).toBe(409);
      expect(second.json<ErrorBody>()).toMatchObject({
        errorCode: 'staleVersion',
        currentVersion: 2,
      });

      const after = await detail(created.id);
      expect(after).toMatchObject({ version: 2, ownershipTypeId: 1 });
      expect(after.steps).toEqual({ ownership: individual });
    });

    it('a version from the future is stale too', async () => {
      const created = await create();
      const response = await put(created.id, 'ownership', 7, individual);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>()).toMatchObject({
        errorCode: 'staleVersion',
        currentVersion: 1,
      });
    });

    it('two saves fired at once on the same version: exactly one succeeds, the other is stale', async () => {
      const created = await create();
      const responses = await Promise.all([
        put(created.id, 'ownership', 1, individual),
        put(created.id, 'ownership', 1, jointSpouses),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = responses.find((response) => response.statusCode === 200);
      const loser = responses.find((response) => response.statusCode === 409);
      expect(loser?.json<ErrorBody>()).toMatchObject({
        errorCode: 'staleVersion',
        currentVersion: 2,
      });
      const winnerData = winner === responses[0] ? individual : jointSpouses;
      const after = await detail(created.id);
      expect(after.version).toBe(2);
      expect(after.steps).toEqual({ ownership: winnerData });
      const trail = await repo.auditTrail(test.app.db, created.id);
      expect(trail.map((event) => event.action)).toEqual(['created', 'stepSaved']);
    });
  });

  describe('locked once review is agreed', () => {
    it.each([
      'esignatureRequired',
      'jointActionRequired',
      'jointEidUndetermined',
      'uploadJointEid',
      'jointEsignatureRequired',
      'underReview',
      'requiresReview',
      'declined',
      'approved',
    ])('%s: a step save and a delete answer 409 applicationLocked', async (status) => {
      const created = await create();
      const owned = await save(created.id, 'ownership', 1, individual);
      await lock(created.id, status);

      const saved = await put(created.id, 'doyouknow', owned.version, { knowsAccount: true });
      expect(saved.statusCode).toBe(409);
      expect(saved.json<ErrorBody>().errorCode).toBe('applicationLocked');

      const deleted = await remove(created.id);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json<ErrorBody>().errorCode).toBe('applicationLocked');

      const after = await detail(created.id);
      expect(after).toMatchObject({ status, version: owned.version });
      expect(after.steps).toEqual({ ownership: individual });
    });

    it('locked wins over a stale version: the answer is applicationLocked', async () => {
      const created = await create();
      await lock(created.id, 'underReview');
      const response = await put(created.id, 'ownership', 99, individual);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().errorCode).toBe('applicationLocked');
    });
  });

  describe('audit trail', () => {
    // Drops any failure a test queued but did not use; the real audit write stays.
    afterEach(() => {
      vi.mocked(repo.insertAudit).mockReset();
    });

    async function aliceId() {
      const [row] = await test.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, alice.email));
      return row?.id;
    }

    it('create, each step save and delete write their event; the trail outlives the application', async () => {
      const actorId = await aliceId();
      expect(actorId).toBeDefined();
      const created = await create();
      await save(created.id, 'ownership', 1, individual);
      await save(created.id, 'doyouknow', 2, { knowsAccount: true });
      expect((await remove(created.id)).statusCode).toBe(204);

      const trail = await repo.auditTrail(test.app.db, created.id);
      expect(
        trail.map(({ action, actorId, fromStatus, toStatus, details }) => ({
          action,
          actorId,
          fromStatus,
          toStatus,
          details,
        })),
      ).toEqual([
        { action: 'created', actorId, fromStatus: null, toStatus: 'new', details: {} },
        {
          action: 'stepSaved',
          actorId,
          fromStatus: 'new',
          toStatus: 'continue',
          details: { step: 'ownership', version: 2 },
        },
        {
          action: 'stepSaved',
          actorId,
          fromStatus: 'continue',
          toStatus: 'continue',
          details: { step: 'doyouknow', version: 3 },
        },
        { action: 'deleted', actorId, fromStatus: 'continue', toStatus: null, details: {} },
      ]);
    });

    it('a refused save (400 or 409) or refused delete writes no event', async () => {
      const created = await create();
      const owned = await save(created.id, 'ownership', 1, individual);
      const before = await repo.auditTrail(test.app.db, created.id);
      expect(before).toHaveLength(2);

      const invalid = await put(created.id, 'doyouknow', owned.version, {});
      expect(invalid.statusCode).toBe(400);
      const unavailable = await put(created.id, 'options', owned.version, {});
      expect(unavailable.statusCode).toBe(400);
      const stale = await put(created.id, 'doyouknow', 1, { knowsAccount: true });
      expect(stale.statusCode).toBe(409);
      expect(await repo.auditTrail(test.app.db, created.id)).toEqual(before);

      await lock(created.id, 'esignatureRequired');
      const locked = await put(created.id, 'doyouknow', owned.version, { knowsAccount: true });
      expect(locked.statusCode).toBe(409);
      const lockedDelete = await remove(created.id);
      expect(lockedDelete.statusCode).toBe(409);
      expect(await repo.auditTrail(test.app.db, created.id)).toEqual(before);
    });

    it('the change and its event commit together: when the audit write fails, the step save is rolled back', async () => {
      const created = await create();
      // The audit event the database refuses (its actor is no id): the same statement writes
      // the step and the application, so none of it may stay.
      const actual = await vi.importActual<typeof repo>('./applications.repo.ts');
      vi.mocked(repo.writeStepSave).mockImplementationOnce((db, save) =>
        actual.writeStepSave(db, {
          ...save,
          audit: { ...save.audit, actorId: 'audit store down' },
        }),
      );
      const response = await put(created.id, 'ownership', 1, individual);
      expect(response.statusCode).toBe(500);
      expect(response.json<ErrorBody>().errorCode).toBe('internalError');

      const after = await detail(created.id);
      expect(after).toMatchObject({ status: 'new', version: 1, ownershipTypeId: null });
      expect(after.steps).toEqual({});
      // The same save goes through once the audit store answers again.
      expect((await save(created.id, 'ownership', 1, individual)).version).toBe(2);
    });

    it('the change and its event commit together: when the audit write fails, nothing is created or deleted', async () => {
      const before = (await listApplications(test.app, alice.token)).map((a) => a.id);
      vi.mocked(repo.insertAudit).mockRejectedValueOnce(new Error('audit store down'));
      const created = await test.app.inject({
        method: 'POST',
        url: APPLICATIONS_URL,
        headers: bearer(alice.token),
      });
      expect(created.statusCode).toBe(500);
      expect((await listApplications(test.app, alice.token)).map((a) => a.id)).toEqual(before);

      const kept = await create();
      vi.mocked(repo.insertAudit).mockRejectedValueOnce(new Error('audit store down'));
      expect((await remove(kept.id)).statusCode).toBe(500);
      expect((await detail(kept.id)).id).toBe(kept.id);
      expect((await repo.auditTrail(test.app.db, kept.id)).map((e) => e.action)).toEqual([
        'created',
      ]);
    });
  });

  describe('authentication', () => {
    const id = UNKNOWN_ID;
    it.each([
      ['POST', APPLICATIONS_URL],
      ['GET', APPLICATIONS_URL],
      ['GET', `${APPLICATIONS_URL}/${id}`],
      ['DELETE', `${APPLICATIONS_URL}/${id}`],
      ['PUT', `${APPLICATIONS_URL}/${id}/steps/ownership`],
      ['GET', `${APPLICATIONS_URL}/${id}/next-step`],
    ] as const)('%s %s answers 401 signInRequired without a bearer token', async (method, url) => {
      const response = await test.app.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: { version: 1, data: individual } } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json<ErrorBody>().errorCode).toBe('signInRequired');
    });

    it('a token that is not a live token answers 401', async () => {
      const response = await test.app.inject({
        url: APPLICATIONS_URL,
        headers: bearer('x'.repeat(40)),
      });
      expect(response.statusCode).toBe(401);
    });

    it('an unauthenticated request is refused before its input is checked', async () => {
      const malformed = await test.app.inject({ url: `${APPLICATIONS_URL}/not-a-uuid` });
      expect(malformed.statusCode).toBe(401);
      const badBody = await test.app.inject({
        method: 'PUT',
        url: `${APPLICATIONS_URL}/${id}/steps/ownership`,
        payload: { nothing: true },
      });
      expect(badBody.statusCode).toBe(401);
      expect(badBody.json<ErrorBody>()).not.toHaveProperty('fields');
    });
  });

  describe('OpenAPI', () => {
    it('GET /service/docs lists the applications paths with their methods', async () => {
      const response = await test.app.inject({ url: '/service/docs' });
      expect(response.statusCode).toBe(200);
      const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
      const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
      expect(methods('/service/jaxrs/applications')).toEqual(['get', 'post']);
      expect(methods('/service/jaxrs/applications/{id}')).toEqual(['delete', 'get']);
      expect(methods('/service/jaxrs/applications/{id}/steps/{step}')).toEqual(['put']);
      expect(methods('/service/jaxrs/applications/{id}/next-step')).toEqual(['get']);
    });
  });
});
