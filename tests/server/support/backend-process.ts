import { fileURLToPath } from 'node:url'
import { startListeningProcess } from '../../../kit/listening-process'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** A Porthole backend in its own OS process, as an instance behind a load balancer. */
export type BackendProcess = {
  url: string
  stop(): Promise<void>
  /** kill -9: no graceful shutdown; resolves once the process is gone. */
  kill(): Promise<void>
}

/** Runs server/main.ts (through tsx) with `env` on a free loopback port. */
export async function startBackendProcess(
  env: Record<string, string>,
  options: { wrap?: string[] } = {},
): Promise<BackendProcess> {
  const { url, stop, kill } = await startListeningProcess({
    ...options,
    name: 'backend process',
    args: ['--import', 'tsx', 'server/main.ts'],
    cwd: root,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  })
  return { url, stop, kill }
}
