import { register } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

// The app is ES modules: instrumentations see `import pg from 'pg'` only through this loader hook.
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

/**
 * HTTP server spans (named by route template in platform/http/request-metrics.ts) with the pg
 * queries of the request as children, exported by OTLP/HTTP (JSON) to the configured endpoint.
 * Sampling, batching and the service name follow the SDK's OTEL_* variables (docs/operations.md).
 */
const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? `portal-${process.env.PORTAL_ROLE ?? 'api'}`,
  traceExporter: new OTLPTraceExporter(),
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => !req.url?.startsWith('/api/') }),
    new PgInstrumentation({ enhancedDatabaseReporting: false }), // statement text, never its parameters (PINs, amounts)
  ],
});
sdk.start();
process.once('exit', () => void sdk.shutdown());
