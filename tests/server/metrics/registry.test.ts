import { describe, expect, it } from 'vitest'
import { createPortholeMetrics } from '../../../server/metrics/porthole-metrics'
import { createMetricsRegistry } from '../../../server/metrics/registry'

describe('metrics registry', () => {
  it('renders counters, gauges and histograms in Prometheus text format', async () => {
    const registry = createMetricsRegistry()
    const counter = registry.counter('things_total', 'Things.', ['kind'])
    counter.inc({ kind: 'a' })
    counter.inc({ kind: 'a' }, 2)
    counter.inc({ kind: 'say "hi"\\\n' })
    registry.gauge('open', 'Open now.', () => 7)
    const histogram = registry.histogram('latency_seconds', 'Latency.', [0.1, 1], ['call'])
    histogram.observe(0.05, { call: 'x' })
    histogram.observe(0.5, { call: 'x' })
    expect(await registry.render()).toBe(
      [
        '# HELP things_total Things.',
        '# TYPE things_total counter',
        'things_total{kind="a"} 3',
        'things_total{kind="say \\"hi\\"\\\\\\n"} 1',
        '',
        '# HELP open Open now.',
        '# TYPE open gauge',
        'open 7',
        '',
        '# HELP latency_seconds Latency.',
        '# TYPE latency_seconds histogram',
        'latency_seconds_bucket{le="0.1",call="x"} 1',
        'latency_seconds_bucket{le="1",call="x"} 2',
        'latency_seconds_bucket{le="+Inf",call="x"} 2',
        'latency_seconds_sum{call="x"} 0.55',
        'latency_seconds_count{call="x"} 2',
        '',
      ].join('\n'),
    )
    expect(registry.contentType).toBe('text/plain; version=0.0.4; charset=utf-8')
  })

  it('reads a gauge at every scrape', async () => {
    const registry = createMetricsRegistry()
    let open = 1
    registry.gauge('open', 'Open now.', () => open)
    expect(await registry.render()).toContain('\nopen 1\n')
    open = 250
    expect(await registry.render()).toContain('\nopen 250\n')
  })

  it('keeps two registries apart (two apps in one process)', async () => {
    const first = createMetricsRegistry()
    const second = createMetricsRegistry()
    first.counter('hits_total', 'Hits.', ['route']).inc({ route: '/a' })
    second.counter('hits_total', 'Hits.', ['route']).inc({ route: '/b' }, 5)
    expect(await first.render()).toContain('hits_total{route="/a"} 1')
    expect(await first.render()).not.toContain('/b')
    expect(await second.render()).toContain('hits_total{route="/b"} 5')
  })

  it('refuses a label the metric did not declare, so a typo cannot add a series', () => {
    const counter = createMetricsRegistry().counter('hits_total', 'Hits.', ['route'])
    expect(() => counter.inc({ rout: '/a' } as never)).toThrow(/label/)
  })

  it('counts thousands of increments over many label values exactly', async () => {
    const registry = createMetricsRegistry()
    const counter = registry.counter('deliveries_total', 'D.', ['outcome'])
    const outcomes = ['ok', 'duplicate', 'invalid', 'store_error'] as const
    for (let i = 0; i < 20_000; i++) counter.inc({ outcome: outcomes[i % 4] })
    const text = await registry.render()
    for (const outcome of outcomes)
      expect(text).toContain(`deliveries_total{outcome="${outcome}"} 5000`)
  })
})

describe("Porthole's metrics", () => {
  const NAMES_AND_HELP = [
    ['porthole_open_streams', 'gauge', 'Open SSE streams of visitors on this instance.'],
    [
      'porthole_webhook_deliveries_total',
      'counter',
      'Agent-message webhooks (A3) received, by outcome.',
    ],
    [
      'porthole_upstream_requests_total',
      'counter',
      'Requests to the conversation service (A1 status, A2 messages), by call and result.',
    ],
    [
      'porthole_upstream_errors_total',
      'counter',
      'Failed requests to the conversation service (5xx, 4xx, timeouts, connection errors), by call and kind.',
    ],
    [
      'porthole_upstream_latency_seconds',
      'histogram',
      'Latency of requests to the conversation service, by call.',
    ],
    ['porthole_http_requests_total', 'counter', 'HTTP requests served, by route and status.'],
  ] as const

  it('keeps every name, type and help text', async () => {
    const text = await createPortholeMetrics({ processMetrics: false }).registry.render()
    for (const [name, type, help] of NAMES_AND_HELP) {
      expect(text).toContain(`# HELP ${name} ${help}\n# TYPE ${name} ${type}\n`)
    }
  })

  it("adds the process metrics operators expect (event-loop lag, GC, heap, handles), in each app's own registry", async () => {
    const first = createPortholeMetrics()
    const second = createPortholeMetrics()
    first.webhookDeliveries.inc({ outcome: 'ok' })
    const text = await first.registry.render()
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_gc_duration_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_active_handles',
    ]) {
      expect(text).toContain(`# TYPE ${name} `)
    }
    expect(text).toContain('porthole_webhook_deliveries_total{outcome="ok"} 1')
    expect(await second.registry.render()).not.toContain('{outcome="ok"}')
  })

  it('labels upstream latency by call', async () => {
    const metrics = createPortholeMetrics({ processMetrics: false })
    metrics.upstreamLatency.observe(0.03, { call: 'status' })
    expect(await metrics.registry.render()).toContain(
      'porthole_upstream_latency_seconds_bucket{le="0.05",call="status"} 1',
    )
  })
})
