/**
 * Traces (OpenTelemetry), loaded with `--import` before the app (api/package.json "start"), so the
 * http and pg modules are instrumented when they are first loaded. Off unless an OTLP endpoint is
 * configured (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, the SDK's own
 * variables); when off, nothing but this file is loaded and no request pays for tracing.
 */
export {};

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  await import('./sdk.js');
}
