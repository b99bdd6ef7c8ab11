// A hand-written Prometheus text exposition (format 0.0.4): counters with labels,
// gauges read at scrape time, and one histogram type. No dependency needed.

type Labels = Record<string, string>

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(
    ([key, value]) =>
      `${key}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
  )
  return parts.length > 0 ? `{${parts.join(',')}}` : ''
}

export type Counter = { inc(labels?: Labels, by?: number): void }
export type Histogram = { observe(value: number, labels?: Labels): void }

export type MetricsRegistry = {
  counter(name: string, help: string): Counter
  gauge(name: string, help: string, read: () => number): void
  histogram(name: string, help: string, buckets: readonly number[]): Histogram
  /** The text for GET /metrics. */
  render(): string
}

export function createMetricsRegistry(): MetricsRegistry {
  const sections: Array<() => string> = []

  return {
    counter(name, help) {
      const values = new Map<string, number>()
      sections.push(() => {
        const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} counter`]
        for (const [labels, value] of values) lines.push(`${name}${labels} ${value}`)
        return lines.join('\n')
      })
      return {
        inc(labels = {}, by = 1) {
          const key = labelText(labels)
          values.set(key, (values.get(key) ?? 0) + by)
        },
      }
    },
    gauge(name, help, read) {
      sections.push(() =>
        [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${read()}`].join('\n'),
      )
    },
    histogram(name, help, buckets) {
      const series = new Map<
        string,
        { labels: Labels; counts: number[]; sum: number; count: number }
      >()
      sections.push(() => {
        const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`]
        for (const s of series.values()) {
          buckets.forEach((bound, i) => {
            lines.push(
              `${name}_bucket${labelText({ ...s.labels, le: String(bound) })} ${s.counts[i]}`,
            )
          })
          lines.push(`${name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`)
          lines.push(`${name}_sum${labelText(s.labels)} ${s.sum}`)
          lines.push(`${name}_count${labelText(s.labels)} ${s.count}`)
        }
        return lines.join('\n')
      })
      return {
        observe(value, labels = {}) {
          const key = labelText(labels)
          let s = series.get(key)
          if (!s) {
            s = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 }
            series.set(key, s)
          }
          buckets.forEach((bound, i) => {
            if (value <= bound && s) s.counts[i] = (s.counts[i] ?? 0) + 1
          })
          s.sum += value
          s.count += 1
        },
      }
    },
    render() {
      return `${sections.map((section) => section()).join('\n')}\n`
    },
  }
}
