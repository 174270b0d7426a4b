import type { PGlite, Transaction } from '@electric-sql/pglite';
import { context, trace } from '@opentelemetry/api';
import { endStatementSpan, startStatementSpan } from './database-spans.ts';
import { tracingStarted } from './tracing-config.ts';

/**
 * The embedded database's statements as spans (issue 36, ADR 0042): PGlite runs in-process and
 * never goes through `pg`, so instrumentation-pg sees none of them. Its `query` and `exec`, and
 * those of the transactions drizzle opens, are wrapped on the instance; a transaction also gets
 * BEGIN and COMMIT (or ROLLBACK) spans for the statements PGlite sends itself around the
 * callback. Nothing is wrapped when tracing is off.
 */

type Runner = Pick<PGlite, 'query' | 'exec'>;

async function traced<T>(text: string, run: () => Promise<T>): Promise<T> {
  const span = startStatementSpan('pglite', text);
  try {
    const result = await (span ? context.with(trace.setSpan(context.active(), span), run) : run());
    endStatementSpan(span);
    return result;
  } catch (error) {
    endStatementSpan(span, error);
    throw error;
  }
}

function wrapRunner<R extends Runner>(runner: R): R {
  const query = runner.query.bind(runner);
  const exec = runner.exec.bind(runner);
  runner.query = ((text: string, ...rest: unknown[]) =>
    traced(text, () =>
      (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as R['query'];
  runner.exec = ((text: string, ...rest: unknown[]) =>
    traced(text, () =>
      (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as R['exec'];
  return runner;
}

export function traceEmbeddedDatabase(client: PGlite): void {
  if (!tracingStarted()) return;
  wrapRunner(client);
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) => {
    // From the call to the callback: BEGIN and the wait for the database's turn before it.
    let begin = startStatementSpan('pglite', 'begin');
    let end: ReturnType<typeof startStatementSpan>;
    return transaction(async (tx) => {
      endStatementSpan(begin);
      begin = undefined;
      try {
        const result = await callback(wrapRunner(tx));
        end = startStatementSpan('pglite', 'commit');
        return result;
      } catch (error) {
        end = startStatementSpan('pglite', 'rollback');
        throw error;
      }
    }).then(
      (result) => {
        endStatementSpan(begin);
        endStatementSpan(end);
        return result;
      },
      (error: unknown) => {
        endStatementSpan(begin, error);
        endStatementSpan(end, error);
        throw error;
      },
    );
  };
}
