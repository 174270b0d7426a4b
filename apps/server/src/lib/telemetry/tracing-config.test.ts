import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { traceExportersFromEnv, tracingWanted } from './tracing-config.ts';

/** Tracing is on only when the OTEL_* variables ask for an exporter (issue 36, ADR 0042). */

describe('traceExportersFromEnv', () => {
  it('is off when nothing asks for an exporter, a service name alone included', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_SERVICE_NAME: 'portal' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
  });

  it('exports over OTLP when an endpoint is set, and what OTEL_TRACES_EXPORTER names', () => {
    expect(traceExportersFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toEqual([
      'otlp',
    ]);
    expect(
      traceExportersFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }),
    ).toEqual(['otlp']);
    expect(traceExportersFromEnv({ OTEL_TRACES_EXPORTER: 'console, otlp,zipkin' })).toEqual([
      'console',
      'otlp',
    ]);
  });

  it('is off with `none` or OTEL_SDK_DISABLED, whatever else is set', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' };
    expect(tracingWanted({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingWanted({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });
});

describe('register.ts without OTEL_* variables', () => {
  it('loads no SDK: no global tracer provider, no patched module', async () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const probe = [
      "const api = globalThis[Symbol.for('opentelemetry.js.api.1')];",
      "const pg = (await import('pg')).default;",
      'console.log(JSON.stringify({ api: Boolean(api), patched: Boolean(pg.Client.prototype.query.__wrapped) }));',
    ].join(' ');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        './src/lib/telemetry/register.ts',
        '--input-type=module',
        '-e',
        probe,
      ],
      { cwd: serverDir, env: { PATH: process.env.PATH ?? '' } },
    );
    expect(JSON.parse(stdout.trim())).toEqual({ api: false, patched: false });
  });
});
