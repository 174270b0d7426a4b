import { describe, expect, it } from 'vitest';
import { runContractCase, shapeProblems, type Send } from './applicant-contract.ts';

describe('body shapes', () => {
  it('accepts a body of the shape and names each place that differs', () => {
    const shape = {
      errorCode: { is: 'staleVersion' },
      currentVersion: 'number',
      fields: { 'data.sin': 'string' },
      list: { each: { id: 'number' } },
      nextStep: { oneOf: ['string', 'null'] },
      sin: 'absent',
    } as const;
    const good = {
      errorCode: 'staleVersion',
      currentVersion: 3,
      fields: { 'data.sin': 'sinCheckDigit' },
      list: [{ id: 1 }, { id: 2 }],
      nextStep: null,
    };
    expect(shapeProblems(good, shape)).toEqual([]);
    expect(
      shapeProblems(
        { ...good, errorCode: 'notFound', currentVersion: '3', list: [{ id: 'x' }], sin: '1' },
        shape,
      ),
    ).toEqual([
      '$.errorCode: expected "staleVersion", got "notFound"',
      '$.currentVersion: expected number, got string',
      '$.list[0].id: expected number, got string',
      '$.sin: expected absent',
    ]);
  });
});

describe('running a case', () => {
  it('carries the id and version of a kept answer into the next request, and stops at a wrong status', async () => {
    const sent: unknown[] = [];
    const send: Send = async (request, token) => {
      sent.push({ ...request, token });
      return sent.length === 1
        ? { status: 201, body: { id: 'a1', version: 4 } }
        : { status: 409, body: { errorCode: 'staleVersion', message: 'Reload.' } };
    };
    const problems = await runContractCase(
      {
        name: 'example',
        steps: [
          { method: 'POST', path: '/x', status: 201, keep: true },
          {
            method: 'PUT',
            path: '/x/{id}',
            body: { version: '{version}' },
            as: 'nobody',
            status: 200,
          },
        ],
      },
      send,
      'token-1',
    );
    expect(sent).toEqual([
      { method: 'POST', path: '/x', token: 'token-1' },
      { method: 'PUT', path: '/x/a1', body: { version: 4 }, token: undefined },
    ]);
    expect(problems).toEqual([
      'step 2 (PUT /x/{id}): status 409, expected 200: {"errorCode":"staleVersion","message":"Reload."}',
    ]);
  });
});
