import { describe, expect, it } from 'vitest'
import { createMetricsRegistry } from '../../../server/metrics/registry'

describe('metrics registry', () => {
  it('renders counters, gauges and histograms in Prometheus text format', () => {
    const registry = createMetricsRegistry()
    const counter = registry.counter('things_total', 'Things.')
    counter.inc({ kind: 'a' })
    counter.inc({ kind: 'a' }, 2)
    counter.inc({ kind: 'say "hi"\\\n' })
    registry.gauge('open', 'Open now.', () => 7)
    const histogram = registry.histogram('latency_seconds', 'Latency.', [0.1, 1])
    histogram.observe(0.05, { call: 'x' })
    histogram.observe(0.5, { call: 'x' })
    expect(registry.render()).toBe(
      [
        '# HELP things_total Things.',
        '# TYPE things_total counter',
        'things_total{kind="a"} 3',
        'things_total{kind="say \\"hi\\"\\\\\\n"} 1',
        '# HELP open Open now.',
        '# TYPE open gauge',
        'open 7',
        '# HELP latency_seconds Latency.',
        '# TYPE latency_seconds histogram',
        'latency_seconds_bucket{call="x",le="0.1"} 1',
        'latency_seconds_bucket{call="x",le="1"} 2',
        'latency_seconds_bucket{call="x",le="+Inf"} 2',
        'latency_seconds_sum{call="x"} 0.55',
        'latency_seconds_count{call="x"} 2',
        '',
      ].join('\n'),
    )
  })
})
