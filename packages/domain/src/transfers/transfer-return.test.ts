import { describe, expect, it } from 'vitest';
import { transferEsignReturnPath, transferReturnTargetOf } from './transfer-return.ts';

const ids = {
  transferId: 'ffffffff-0000-4000-8000-000000000001',
  applicationId: 'aaaaaaaa-0000-4000-8000-000000000000',
};

describe('transferEsignReturnPath', () => {
  it('returns a transfer signed inside the application to its funding step', () => {
    expect(transferEsignReturnPath('application', ids)).toBe(
      `/#/application/${ids.applicationId}/funding?transfer=${ids.transferId}&returned=1`,
    );
  });

  it('returns one signed from the funding page to the funding page', () => {
    expect(transferEsignReturnPath('funding', ids)).toBe(
      `/#/home/funding?transfer=${ids.transferId}&returned=1`,
    );
  });
});

describe('transferReturnTargetOf', () => {
  it('knows only the in-app targets: anything else is the funding page', () => {
    expect(transferReturnTargetOf('application')).toBe('application');
    for (const value of [undefined, '', 'https://evil.example', '//evil.example', '/#/x', 1]) {
      expect(transferReturnTargetOf(value)).toBe('funding');
    }
  });
});
