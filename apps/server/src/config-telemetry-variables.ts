import { z } from 'zod';
import type { VariableDefinition } from './config-variables.ts';

/**
 * Metrics on a port of their own, and the OpenTelemetry variables the tracing bootstrap reads
 * (issue 36, ADR 0042). The `OTEL_*` ones are the specification's own: the SDK reads them from
 * the environment (lib/telemetry/register.ts, before the server loads); they are listed here so
 * the configuration page names them. Every other `OTEL_*` variable the specification defines
 * for traces (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_BSP_*`, `OTEL_TRACES_SAMPLER`...) works too.
 */

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

export const telemetryVariables = {
  METRICS_PORT: {
    group: 'running',
    schema: z.coerce.number().int().min(1).max(65_535).optional(),
    values: 'a port, 1 to 65,535',
    description:
      'serves `GET /metrics` on a listener of its own (on `METRICS_HOST`), which answers ' +
      'nothing else, so the public port need not carry it; `METRICS_TOKEN` is still asked for ' +
      'when set. Unset: `/metrics` is on the main port only, behind `METRICS_TOKEN`',
  },
  METRICS_HOST: {
    group: 'running',
    schema: z.string().min(1).default('127.0.0.1'),
    values: 'an address to listen on',
    description:
      'the address the `METRICS_PORT` listener binds: the loopback by default (a scraper on the ' +
      'same machine); `0.0.0.0` or a private address for a scraper elsewhere',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    group: 'running',
    schema: optionalText,
    values: 'an http or https URL (`http://collector:4318`)',
    description:
      'turns tracing on: spans go to this OTLP collector over http/protobuf (`/v1/traces` is ' +
      'added). Unset, with the two below unset too, the OpenTelemetry SDK is not even loaded',
  },
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: {
    group: 'running',
    schema: optionalText,
    values: 'an http or https URL, used as it is',
    description: 'the traces endpoint itself, in place of `OTEL_EXPORTER_OTLP_ENDPOINT`',
  },
  OTEL_TRACES_EXPORTER: {
    group: 'running',
    schema: optionalText,
    values: '`otlp`, `console`, `none`, or a comma-separated list',
    default: '`otlp` when an endpoint is set, else tracing is off',
    description:
      'which exporters get the spans; `console` prints them (redacted, like every export); ' +
      '`none` turns tracing off whatever else is set (as does `OTEL_SDK_DISABLED=true`)',
  },
  OTEL_SERVICE_NAME: {
    group: 'running',
    schema: optionalText,
    default: '`unknown_service:node`',
    values: 'a name (`portal`)',
    description: 'the service name the spans carry',
  },
  OTEL_SDK_DISABLED: {
    group: 'running',
    schema: optionalText,
    values: '`true` or unset',
    description: '`true` turns tracing off whatever else is set',
  },
} as const satisfies Record<string, VariableDefinition>;
