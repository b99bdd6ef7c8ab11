import type { SendOutcome } from '../porthole-client'

/** How the answers to the customer's POSTs went: "202 pending ×29, 200 sent ×1". */
export function answerSummary(outcomes: readonly SendOutcome[]): string {
  const counts = new Map<string, number>()
  for (const outcome of outcomes) {
    const key = `${outcome.firstStatus || 'no answer'}${outcome.firstStatus === outcome.status ? ` ${outcome.state}` : ` then ${outcome.status} ${outcome.state}`}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(', ')
}
