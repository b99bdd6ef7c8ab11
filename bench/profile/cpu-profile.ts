// Where a V8 CPU profile (`node --cpu-prof`) spent its time: self time per function and
// per origin (Porthole's code, a dependency, Node's internals, the garbage collector).
import { z } from 'zod'

const CpuProfile = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({
        functionName: z.string(),
        url: z.string(),
        lineNumber: z.number(),
      }),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
})

export type SelfTime = { name: string; origin: string; ms: number; share: number }

/** The package a script URL belongs to, or what else it is. */
export function originOf(url: string, functionName: string): string {
  if (url === '') {
    if (functionName === '(garbage collector)') return 'garbage collection'
    if (functionName === '(idle)' || functionName === '(program)') return functionName
    return 'native'
  }
  if (url.startsWith('node:')) return 'node internals'
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (module?.[1]) return module[1]
  return 'porthole'
}

/** Self time per function (heaviest first) and per origin, idle time left out. */
export function selfTimes(profile: unknown): { functions: SelfTime[]; origins: SelfTime[] } {
  const { nodes, samples, timeDeltas } = CpuProfile.parse(profile)
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const functions = new Map<string, SelfTime>()
  const origins = new Map<string, SelfTime>()
  let busy = 0
  samples.forEach((id, i) => {
    const node = byId.get(id)
    const micros = timeDeltas[i] ?? 0
    if (!node || node.callFrame.functionName === '(idle)') return
    const { functionName, url, lineNumber } = node.callFrame
    const origin = originOf(url, functionName)
    const file = url.split('/').at(-1) ?? ''
    const name = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`
    for (const [map, key, label] of [
      [functions, `${origin} ${name}`, name],
      [origins, origin, origin],
    ] as const) {
      const entry = map.get(key) ?? { name: label, origin, ms: 0, share: 0 }
      entry.ms += micros / 1000
      map.set(key, entry)
    }
    busy += micros / 1000
  })
  const ranked = (map: Map<string, SelfTime>) =>
    [...map.values()]
      .map((entry) => ({ ...entry, share: busy > 0 ? entry.ms / busy : 0 }))
      .sort((a, b) => b.ms - a.ms)
  return { functions: ranked(functions), origins: ranked(origins) }
}
