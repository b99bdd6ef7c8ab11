import type { DrillPlan } from '../plan'
import { type DrillRedis, findRedisServer, startDrillRedis } from '../redis'
import { failedRow, type RowResult } from '../report'
import { type Stack, type StackOptions, startStack } from '../stack'

export type ScenarioContext = {
  /** The build under test: holds server/main.js and demo/sandbox.js. */
  dist: string
  plan: DrillPlan
  log(message: string): void
}

export type Scenario = (context: ScenarioContext) => Promise<RowResult[]>

/** Runs `body` with a fresh stack and always closes it. */
export async function withStack<T>(
  context: ScenarioContext,
  env: StackOptions['env'],
  body: (stack: Stack) => Promise<T>,
): Promise<T> {
  const stack = await startStack({ dist: context.dist, ...(env ? { env } : {}) })
  try {
    return await body(stack)
  } finally {
    await stack.close()
  }
}

/** A drill message's text: unique, and says which row sent it. */
export const drillText = (row: string, index: number) =>
  `drill ${row} #${String(index).padStart(5, '0')}`

/** Process exits the drill did not cause, as a note (empty when none). */
export function exitNotes(stack: Stack): string[] {
  const exits = stack.unexpectedExits()
  return exits === 0
    ? []
    : [
        `the backend exited on its own ${exits} time(s) and was restarted; last output: ${stack.backendOutput().slice(-300)}`,
      ]
}

/**
 * Runs `body` beside a throw-away redis-server, closed after it. Without a redis-server
 * binary the row `label` fails, saying what to install.
 */
export async function withRedis(
  label: string,
  body: (redis: DrillRedis) => Promise<RowResult[]>,
): Promise<RowResult[]> {
  const binary = findRedisServer()
  if (!binary)
    return [
      failedRow(
        label,
        new Error('no redis-server binary found: install redis-server to run this row'),
      ),
    ]
  const redis = await startDrillRedis(binary)
  try {
    return await body(redis)
  } finally {
    await redis.close()
  }
}
