import { createHmac, timingSafeEqual } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import type { Database } from '../../db/client.ts';
import { linksAfter } from './audit-chain.ts';

/**
 * The chain's copy outside the database (issue 36, ADR 0040): an append-only log of JSON lines,
 * one per link (`{ position, eventId, hash }`), and after each anchoring one line naming the
 * head (`{ anchor, head, at, mac }`), its MAC made with `AUDIT_ANCHOR_KEY` when one is set (a
 * key the database never holds). The file is opened for appending only; on a server it belongs
 * on storage the database's roles cannot write (another volume, `chattr +a`, or a log shipped
 * elsewhere: docs/operations.md). The owner's prune of audit events past retention appends a
 * prune line before it deletes (`{ pruned: [[from, to], ...], eventIds, at, mac }`): the links
 * whose events it removed, which the verification then trusts from their anchored hashes.
 */

export interface AnchorSettings {
  file: string;
  /** HMAC key of the anchor lines; without it the lines carry no MAC. */
  key?: string;
}

interface LinkLine {
  position: number;
  eventId: string;
  hash: string;
}

interface AnchorLine {
  anchor: number;
  head: string;
  at: string;
  mac?: string;
}

/** Positions as inclusive ranges, `[from, to]`, in order. */
export type PositionRanges = [number, number][];

interface PruneLine {
  pruned: PositionRanges;
  /** The pruned events' ids, in the order of their positions. */
  eventIds: string[];
  at: string;
  mac?: string;
}

export interface AnchorLog {
  /** Position to hash, for every link the log holds. */
  hashes: Map<number, string>;
  lastPosition: number;
  /** Position to event id, for every link whose event a signed prune line says was pruned. */
  pruned: Map<number, string>;
  /**
   * Anchor lines (their position) and prune lines (their first position) whose MAC does not
   * match (a log edited by someone without the key); such a prune line vouches for nothing.
   */
  badMacs: number[];
}

const macOf = (key: string, anchor: number, head: string) =>
  createHmac('sha256', key).update(`audit-anchor\n${anchor}\n${head}`).digest('hex');

const pruneMacOf = (key: string, line: Omit<PruneLine, 'mac'>) =>
  createHmac('sha256', key)
    .update(`audit-prune\n${JSON.stringify(line.pruned)}\n${line.eventIds.join(',')}\n${line.at}`)
    .digest('hex');

/** Sorted positions as ranges of consecutive ones. */
export function rangesOf(positions: readonly number[]): PositionRanges {
  const ranges: PositionRanges = [];
  for (const position of positions) {
    const last = ranges.at(-1);
    if (last && position === last[1] + 1) last[1] = position;
    else ranges.push([position, position]);
  }
  return ranges;
}

function positionsOf(ranges: PositionRanges): number[] {
  return ranges.flatMap(([from, to]) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index),
  );
}

function sameMac(given: string | undefined, expected: string): boolean {
  if (!given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export async function readAnchorLog(settings: AnchorSettings): Promise<AnchorLog> {
  const log: AnchorLog = { hashes: new Map(), lastPosition: 0, pruned: new Map(), badMacs: [] };
  let text: string;
  try {
    text = await readFile(settings.file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return log;
    throw error;
  }
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const entry = JSON.parse(line) as LinkLine | AnchorLine | PruneLine;
    if ('pruned' in entry) {
      const positions = positionsOf(entry.pruned);
      const signed = !settings.key || sameMac(entry.mac, pruneMacOf(settings.key, entry));
      if (!signed || positions.length !== entry.eventIds.length) {
        log.badMacs.push(positions[0] ?? 0);
        continue;
      }
      positions.forEach((position, index) => log.pruned.set(position, entry.eventIds[index]!));
      continue;
    }
    if ('anchor' in entry) {
      if (settings.key && !sameMac(entry.mac, macOf(settings.key, entry.anchor, entry.head))) {
        log.badMacs.push(entry.anchor);
      }
      continue;
    }
    log.hashes.set(entry.position, entry.hash);
    log.lastPosition = Math.max(log.lastPosition, entry.position);
  }
  return log;
}

/**
 * Appends the links chained since the log's last one, then an anchor line for the new head;
 * answers the head's position (unchanged when nothing new was chained). Flushed to disk before
 * it answers.
 */
export async function anchorAuditChain(
  db: Database,
  settings: AnchorSettings,
  now: () => Date = () => new Date(),
): Promise<number> {
  let last = (await readAnchorLog(settings)).lastPosition;
  const handle = await open(settings.file, 'a', 0o600);
  try {
    for (;;) {
      const links = await linksAfter(db, last);
      if (links.length === 0) break;
      const lines = links.map((link) => JSON.stringify(link)).join('\n');
      const head = links.at(-1)!;
      const anchor: AnchorLine = {
        anchor: head.position,
        head: head.hash,
        at: now().toISOString(),
        ...(settings.key && { mac: macOf(settings.key, head.position, head.hash) }),
      };
      await handle.appendFile(`${lines}\n${JSON.stringify(anchor)}\n`);
      last = head.position;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return last;
}

/**
 * Appends a prune line naming the links whose events are about to be deleted (in position
 * order), flushed to disk before it answers: written before the deletion, so a deletion is
 * never without its record (a prune that then fails leaves a record of events still there,
 * which the verification simply finds).
 */
export async function appendPruneRecord(
  settings: AnchorSettings,
  links: readonly { position: number; eventId: string }[],
  at: Date,
): Promise<PositionRanges> {
  const line: PruneLine = {
    pruned: rangesOf(links.map((link) => link.position)),
    eventIds: links.map((link) => link.eventId),
    at: at.toISOString(),
  };
  if (settings.key) line.mac = pruneMacOf(settings.key, line);
  const handle = await open(settings.file, 'a', 0o600);
  try {
    await handle.appendFile(`${JSON.stringify(line)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return line.pruned;
}
