import type { MetricsRegistry } from './registry'

/**
 * A metric (or a set of them) registered once per registry: a registry refuses a second
 * metric of the same name, and two runtimes may share one (an app rebuilt on the same
 * metrics), so the first call registers and later calls get the same metric.
 *
 * @example const ratingCounter = oncePerRegistry((registry) => registry.counter('porthole_ratings_total', '…', ['score']))
 */
export function oncePerRegistry<Metric>(
  register: (registry: MetricsRegistry) => Metric,
): (registry: MetricsRegistry) => Metric {
  const registered = new WeakMap<MetricsRegistry, Metric>()
  return (registry) => {
    const known = registered.get(registry)
    if (known !== undefined) return known
    const metric = register(registry)
    registered.set(registry, metric)
    return metric
  }
}
