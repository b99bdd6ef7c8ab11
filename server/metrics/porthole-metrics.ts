import {
  type Counter,
  createMetricsRegistry,
  type Histogram,
  type MetricsRegistry,
} from './registry'

/** The backend's metrics; `openStreams` is read from the SSE hub at scrape time. */
export type PortholeMetrics = {
  registry: MetricsRegistry
  webhookDeliveries: Counter<'outcome'>
  upstreamRequests: Counter<'call' | 'status'>
  upstreamErrors: Counter<'call' | 'kind'>
  upstreamLatency: Histogram<'call'>
  httpRequests: Counter<'route' | 'status'>
  setOpenStreams(read: () => number): void
}

/**
 * Porthole's metrics in a registry of this app's own, plus the process metrics
 * (CPU, memory, event-loop lag, GC, handles) unless `processMetrics: false`.
 */
export function createPortholeMetrics(options: { processMetrics?: boolean } = {}): PortholeMetrics {
  const registry = createMetricsRegistry({ processMetrics: options.processMetrics ?? true })
  let readOpenStreams = () => 0
  registry.gauge('porthole_open_streams', 'Open SSE streams of visitors on this instance.', () =>
    readOpenStreams(),
  )
  return {
    registry,
    webhookDeliveries: registry.counter(
      'porthole_webhook_deliveries_total',
      'Agent-message webhooks (A3) received, by outcome.',
      ['outcome'],
    ),
    upstreamRequests: registry.counter(
      'porthole_upstream_requests_total',
      'Requests to the conversation service (A1 status, A2 messages), by call and result.',
      ['call', 'status'],
    ),
    upstreamErrors: registry.counter(
      'porthole_upstream_errors_total',
      'Failed requests to the conversation service (5xx, 4xx, timeouts, connection errors), by call and kind.',
      ['call', 'kind'],
    ),
    upstreamLatency: registry.histogram(
      'porthole_upstream_latency_seconds',
      'Latency of requests to the conversation service, by call.',
      [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ['call'],
    ),
    httpRequests: registry.counter(
      'porthole_http_requests_total',
      'HTTP requests served, by route and status.',
      ['route', 'status'],
    ),
    setOpenStreams(read) {
      readOpenStreams = read
    },
  }
}
