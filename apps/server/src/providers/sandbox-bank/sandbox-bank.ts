import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { writeBankReturns } from '../bank/cpa005/cpa005-bank-returns.ts';
import { isoDateOfJulian } from '../bank/cpa005/cpa005-fields.ts';
import { isInProgressName, temporaryNameFor } from '../bank/transport/payment-file-transport.ts';

/**
 * The sandbox bank (issue 35; docs/sandbox.md): a bank on the folders of the folder transport.
 * On the business day after a payment file arrives in the outgoing folder it writes that file's
 * returns into the incoming folder, as a bank would: every item whose cents are .13 comes back
 * NSF (901), so a test or a demo reaches REJECTED_BY_BANK with an ordinary amount; everything
 * else is paid. Each file is answered once (an empty returns file when nothing comes back), and
 * the answer is named after the file, so a restarted server does not answer it again.
 */

/** The cents that make the sandbox bank return a debit (or a payout) NSF. */
export const SANDBOX_REJECTED_CENTS = 13;
export const SANDBOX_NSF_REASON = 901;

export interface SandboxBankFolders {
  outgoingDir: string;
  incomingDir: string;
  /** Where the portal moves returns it read (default `<incomingDir>/acknowledged`). */
  acknowledgedDir?: string;
}

export interface SandboxBank {
  /** Answers every file sent before `today`; resolves with how many it answered. */
  answer(today: IsoDate): Promise<number>;
}

const answerNameOf = (fileName: string) => `returns-${fileName}`;

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The items of a CPA 005 file whose cents are .13, by cross-reference. */
function nsfItemsOf(text: string): Map<string, number> {
  const reasons = new Map<string, number>();
  for (const line of text.split(/\r?\n/)) {
    if (line[0] !== 'C' && line[0] !== 'D') continue;
    for (let start = 24; start < line.length; start += 240) {
      const segment = line.slice(start, start + 240);
      if (segment.trim() === '') continue;
      if (Number(segment.slice(3, 13)) % 100 === SANDBOX_REJECTED_CENTS) {
        reasons.set(segment.slice(150, 169).trimEnd(), SANDBOX_NSF_REASON);
      }
    }
  }
  return reasons;
}

export function createSandboxBank(folders: SandboxBankFolders): SandboxBank {
  const acknowledgedDir = folders.acknowledgedDir ?? join(folders.incomingDir, 'acknowledged');
  let answered = 0;

  async function alreadyAnswered(fileName: string): Promise<boolean> {
    const answer = answerNameOf(fileName);
    const [incoming, acknowledged] = await Promise.all([
      namesIn(folders.incomingDir),
      namesIn(acknowledgedDir),
    ]);
    return incoming.includes(answer) || acknowledged.some((name) => name.endsWith(`-${answer}`));
  }

  return {
    async answer(today) {
      let count = 0;
      for (const name of (await namesIn(folders.outgoingDir)).sort()) {
        if (isInProgressName(name) || (await alreadyAnswered(name))) continue;
        const text = (await readFile(join(folders.outgoingDir, name))).toString('latin1');
        const header = text.slice(0, 35);
        if (header[0] !== 'A') continue;
        const creationDate = isoDateOfJulian('creationDate', header.slice(24, 30));
        // The bank processes a file the business day after it arrives.
        if (creationDate >= today) continue;
        answered += 1;
        const returns = writeBankReturns(text, {
          reasons: nsfItemsOf(text),
          fileCreationNumber: (answered % 9999) + 1,
          creationDate: today,
        });
        await mkdir(folders.incomingDir, { recursive: true });
        // Written aside, then renamed: the portal never reads half a file.
        const temporary = join(folders.incomingDir, temporaryNameFor(answerNameOf(name)));
        await writeFile(temporary, returns, 'latin1');
        await rename(temporary, join(folders.incomingDir, answerNameOf(name)));
        count += 1;
      }
      return count;
    },
  };
}
