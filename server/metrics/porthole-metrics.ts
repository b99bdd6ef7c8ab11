import {
  type Counter,
  createMetricsRegistry,
  type Histogram,
  type MetricsRegistry,
} from './registry'

/** The backend's metrics; `openStreams` is read from the SSE hub at scrape time. */
export type PortholeMetrics = {
  registry: MetricsRegistry
  webhookDeliveries: Counter
  upstreamRequests: Counter
  upstreamErrors: Counter
  upstreamLatency: Histogram
  httpRequests: Counter
  setOpenStreams(read: () => number): void
}

export function createPortholeMetrics(): PortholeMetrics {
  const registry = createMetricsRegistry()
  let readOpenStreams = () => 0
  registry.gauge('porthole_open_streams', 'Open SSE streams of visitors on this instance.', () =>
    readOpenStreams(),
  )
  return {
    registry,
    webhookDeliveries: registry.counter(
      'porthole_webhook_deliveries_total',
      'Agent-message webhooks (A3) received, by outcome.',
    ),
    upstreamRequests: registry.counter(
      'porthole_upstream_requests_total',
      'Requests to the conversation service (A1 status, A2 messages), by call and result.',
    ),
    upstreamErrors: registry.counter(
      'porthole_upstream_errors_total',
      'Failed requests to the conversation service (5xx, 4xx, timeouts, connection errors), by call and kind.',
    ),
    upstreamLatency: registry.histogram(
      'porthole_upstream_latency_seconds',
      'Latency of requests to the conversation service, by call.',
      [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
    httpRequests: registry.counter(
      'porthole_http_requests_total',
      'HTTP requests served, by route and status.',
    ),
    setOpenStreams(read) {
      readOpenStreams = read
    },
  }
}
