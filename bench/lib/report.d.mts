// Types of report.mjs for the TypeScript tests (the benchmark itself is plain Node).

export type Row = {
  metric: string
  porthole: string
  baseline: string
  ratio: string
  target: string
  met: 'yes' | 'NO' | '—' | 'n/a'
}

export type Plan = {
  streams: number
  visitors: number
  rate: number
  seconds: number
  concurrency: number
  pollers: number
  pollFor: number
  cacheSeconds: number
}

export function buildReport(input: {
  results: Record<string, unknown>
  plan: Plan
  quick: boolean
  streamCount: number
  fdLimit: number
  seconds: number
}): { text: string; json: { rows: Row[]; notes: string[] } & Record<string, unknown> }
