import { trace } from '@opentelemetry/api';

/**
 * The request's trace, where tracing is on (platform/tracing/register.ts); without an SDK the
 * OpenTelemetry API answers "no span" and these cost a lookup.
 */

/** Log fields that find a line's trace: every pino line carries them (platform/logger.ts). */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context ? { trace_id: context.traceId, span_id: context.spanId } : {};
}

/** Names the request's server span by its route template ('POST /api/wallet/transfers'). */
export function nameRequestSpan(method: string, route: string): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute('http.route', route);
}

/** A 500's errorId on the request's span, so the id a user reports finds the trace. */
export function markError(errorId: string, err: unknown): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.setAttribute('portal.error_id', errorId);
  if (err instanceof Error) span.recordException(err);
}
