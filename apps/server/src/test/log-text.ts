/**
 * What a captured JSON log says, for tests that prove a value never reaches it: its lines
 * joined, without pino's `time` (epoch milliseconds) and `pid`, whose digits would otherwise
 * hold an account number or a code by chance now and then (a bank account 6004123 was "found" in
 * a line written at 1796004123…).
 */
export function logText(lines: readonly string[]): string {
  return lines.join('').replace(/"(?:time|pid)":\d+,?/g, '');
}
