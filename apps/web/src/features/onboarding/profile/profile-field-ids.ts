import { employmentFieldNames } from '@portal/domain/rules/profile';
import { addressParts } from '../step/form-paths.ts';

/** Every answer's field id, in page order, for the error summary's links. */
export function fieldIdsFor(): Record<string, string> {
  const ids: Record<string, string> = {};
  const add = (path: string) => (ids[path] = path.replace(/\./g, '-'));
  for (const name of [
    'title',
    'firstName',
    'lastName',
    'birthDate',
    'sin',
    'maritalStatus',
    'citizenshipId',
    'shareholderId',
    'shareholderPercent',
    'email',
    'confirmEmail',
  ]) {
    add(name);
  }
  ids.phones = 'phones';
  for (let index = 0; index < 3; index += 1) {
    for (const part of ['type', 'number', 'extension']) add(`phones.${index}.${part}`);
  }
  add('preferredLanguage');
  for (const address of ['homeAddress', 'mailingAddress', 'previousAddress']) {
    if (address === 'mailingAddress') add('mailingSameAsHome');
    if (address === 'previousAddress') add('movedWithinTwoYears');
    ids[address] = `${address}-streetName`;
    for (const part of addressParts) add(`${address}.${part}`);
  }
  for (const name of employmentFieldNames) add(name);
  add('netFixedAssets');
  add('netLiquidAssets');
  for (const name of [
    'title',
    'firstName',
    'lastName',
    'birthDate',
    'sin',
    ...employmentFieldNames,
    'netFixedAssets',
    'netLiquidAssets',
  ]) {
    add(`spouse.${name}`);
  }
  ids.spouse = 'spouse-title';
  return ids;
}
