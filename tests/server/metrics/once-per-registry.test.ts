import { describe, expect, it } from 'vitest'
import { oncePerRegistry } from '../../../server/metrics/once-per-registry'
import { createMetricsRegistry } from '../../../server/metrics/registry'

describe('oncePerRegistry', () => {
  it('registers a metric once per registry and gives each registry its own', () => {
    let registered = 0
    const counter = oncePerRegistry((registry) => {
      registered += 1
      return registry.counter('porthole_test_total', 'A test counter.', ['outcome'])
    })
    const [one, two] = [createMetricsRegistry(), createMetricsRegistry()]
    // A registry refuses the same name twice: the second call must not register again.
    expect(counter(one)).toBe(counter(one))
    expect(counter(two)).not.toBe(counter(one))
    expect(registered).toBe(2)
  })
})
