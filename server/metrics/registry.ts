import {
  collectDefaultMetrics,
  Counter as PromCounter,
  Gauge as PromGauge,
  Histogram as PromHistogram,
  Registry,
} from 'prom-client'

export type Labels<Name extends string> = Partial<Record<Name, string>>

export type Counter<Name extends string = string> = {
  inc(labels?: Labels<Name>, by?: number): void
}
export type Histogram<Name extends string = string> = {
  observe(value: number, labels?: Labels<Name>): void
}

export type MetricsRegistry = {
  counter<Name extends string>(
    name: string,
    help: string,
    labelNames: readonly Name[],
  ): Counter<Name>
  /** A gauge whose value `read` gives at scrape time. */
  gauge(name: string, help: string, read: () => number): void
  histogram<Name extends string>(
    name: string,
    help: string,
    buckets: readonly number[],
    labelNames: readonly Name[],
  ): Histogram<Name>
  /** The text for GET /metrics (Prometheus exposition format 0.0.4). */
  render(): Promise<string>
  /** The content type of render()'s text. */
  readonly contentType: string
}

let processRegistry: Registry | undefined

// prom-client's default metrics (CPU, memory, event-loop lag, GC, handles) describe the
// process, not one app: collected once per process, shown by every app's registry.
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/**
 * Metrics on prom-client, in a registry of their own (never prom-client's global one),
 * so several apps in one process (tests, a host that embeds two) do not collide.
 *
 * @example
 * const registry = createMetricsRegistry({ processMetrics: true })
 * const hits = registry.counter('hits_total', 'Hits, by route.', ['route'])
 * hits.inc({ route: '/api/status' })
 */
export function createMetricsRegistry(options: { processMetrics?: boolean } = {}): MetricsRegistry {
  const registry = new Registry()
  const sources = options.processMetrics ? [registry, processMetrics()] : [registry]
  return {
    counter(name, help, labelNames) {
      const counter = new PromCounter({ name, help, labelNames, registers: [registry] })
      return {
        inc(labels = {}, by = 1) {
          counter.inc(labels, by)
        },
      }
    },
    gauge(name, help, read) {
      new PromGauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read())
        },
      })
    },
    histogram(name, help, buckets, labelNames) {
      const histogram = new PromHistogram({
        name,
        help,
        labelNames,
        buckets: [...buckets],
        registers: [registry],
      })
      return {
        observe(value, labels = {}) {
          histogram.observe(labels, value)
        },
      }
    },
    async render() {
      const texts = await Promise.all(sources.map((source) => source.metrics()))
      return texts.join('\n')
    },
    contentType: registry.contentType,
  }
}
