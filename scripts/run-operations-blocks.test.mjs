import { describe, expect, it } from 'vitest';
import { expandAddress, runnableBlocks } from './run-operations-blocks.mjs';

const runbook = [
  '# Operations',
  '',
  '## First',
  '',
  '```sh server=http://127.0.0.1:${PORT:-8080}/healthz',
  'npm start',
  '```',
  '',
  '```text',
  'not run',
  '```',
  '',
  '## Second',
  '',
  '1. A step in a list:',
  '',
  '   ```bash',
  '   echo one',
  '     echo indented',
  '   ```',
  '',
  '```sql',
  'select 1;',
  '```',
  '',
  '```console',
  '$ not run either',
  '```',
  '',
  '```',
  'no language: not run',
  '```',
].join('\n');

describe('the runbook runner', () => {
  it('takes the sh and bash blocks only, each with its heading, the line of its fence and its server address', () => {
    expect(runnableBlocks(runbook)).toEqual([
      {
        index: 1,
        line: 5,
        heading: '## First',
        language: 'sh',
        server: 'http://127.0.0.1:${PORT:-8080}/healthz',
        script: 'npm start',
      },
      {
        index: 2,
        line: 17,
        heading: '## Second',
        language: 'bash',
        server: undefined,
        // The list item's indentation is taken off, not the block's own.
        script: 'echo one\n  echo indented',
      },
    ]);
  });

  it('expands a server address as the shell would: the value, else the default', () => {
    const address = 'http://127.0.0.1:${PORT:-8080}/$WHERE';
    expect(expandAddress(address, { PORT: '4321', WHERE: 'healthz' })).toBe(
      'http://127.0.0.1:4321/healthz',
    );
    expect(expandAddress(address, { PORT: '', WHERE: 'healthz' })).toBe(
      'http://127.0.0.1:8080/healthz',
    );
  });
});
