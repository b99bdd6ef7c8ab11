import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type FaultProxy, startFaultProxy } from './fault-proxy'
import { freePort, HOST } from './net'
import { isRunning, removeOnExit, type Started, startProcess, stopProcess } from './processes'

// One scenario's world: the sandbox (the service), a fault proxy in front of its channel
// endpoint, and the built backend (`node dist/server/main.js`, as `npm run serve` runs
// it) wired to both, all on loopback, with fresh data in a temporary folder.

export type StackOptions = {
  /** The build: holds server/main.js and demo/sandbox.js. */
  dist: string
  /** Extra backend environment (STORE_URL, IDENTITY_SECRET, A2_RETRY_INTERVAL_MS…). */
  env?: Record<string, string>
}

export type Stack = {
  backendUrl: string
  sandboxUrl: string
  channelId: string
  webhookSecret: string
  proxy: FaultProxy
  /** kill -9 of the backend; resolves once it is gone. */
  killBackend(): Promise<void>
  /** Starts the backend again on the same port with the same data. */
  startBackend(): Promise<void>
  /** Another backend instance on the same store (Redis only) and settings; answers its URL. */
  startInstance(): Promise<string>
  /** Backend exits the drill did not ask for (each was restarted, as a supervisor would). */
  unexpectedExits(): number
  /** The backend's recent output, for error reports. */
  backendOutput(): string
  close(): Promise<void>
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'porthole-drill-'))
  const removeDataDir = removeOnExit(dataDir)
  const webhookSecret = randomBytes(16).toString('hex')
  const sessionSecret = randomBytes(32).toString('hex')
  const backendPort = await freePort()
  const backendUrl = `http://${HOST}:${backendPort}`
  let sandbox: Started | undefined
  let proxy: FaultProxy | undefined
  let backend: Started | undefined
  let expected = true
  let unexpected = 0
  let lastOutput = ''
  const instances: Started[] = []

  async function startBackend(): Promise<void> {
    expected = true
    backend = await startProcess(process.execPath, [join(options.dist, 'server/main.js')], {
      what: 'backend (server/main.js)',
      ready: /listening on (http:\/\/\S+)/,
      env: { ...process.env, ...backendEnv() },
    })
    expected = false
    const started = backend
    started.child.once('exit', () => {
      lastOutput = started.output()
      if (expected || backend !== started) return
      // Crashed on its own: count it and start it again, as systemd or Kubernetes would.
      unexpected += 1
      void startBackend().catch(() => undefined)
    })
  }

  let channelUrl = ''
  const backendEnv = (): Record<string, string> => ({
    PORT: String(backendPort),
    HOST,
    PUBLIC_URL: backendUrl,
    CHANNEL_URL: channelUrl,
    WEBHOOK_SECRET: webhookSecret,
    SESSION_SECRET: sessionSecret,
    STORE_URL: `sqlite:${join(dataDir, 'porthole.db')}`,
    PORTHOLE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // One drill client sends thousands of messages: rate limits are not under test here.
    RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
    RATE_LIMIT_IP_MESSAGES_PER_MINUTE: '1000000',
    RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
    ...options.env,
  })

  const close = async () => {
    expected = true
    if (backend) await stopProcess(backend.child)
    await Promise.all(instances.map((instance) => stopProcess(instance.child)))
    await proxy?.close()
    if (sandbox) await stopProcess(sandbox.child)
    removeDataDir()
  }

  try {
    sandbox = await startProcess(process.execPath, [join(options.dist, 'demo/sandbox.js')], {
      what: 'sandbox (demo/sandbox.js)',
      ready: /Channel endpoint:\s+(\S+)/,
      env: {
        ...process.env,
        SANDBOX_PORT: String(await freePort()),
        SANDBOX_HOST: HOST,
        // Its SMTP server too: the default 2525 is taken by any other sandbox on the machine.
        SANDBOX_SMTP_PORT: String(await freePort()),
        SANDBOX_WEBHOOK_URL: `${backendUrl}/hooks/${webhookSecret}`,
        SANDBOX_STATE_FILE: join(dataDir, 'sandbox.json'),
      },
    })
    const endpoint = new URL(sandbox.match[1] ?? '')
    const channelId = endpoint.pathname.split('/').filter(Boolean).pop() ?? ''
    proxy = await startFaultProxy(Number(endpoint.port))
    endpoint.port = String(proxy.port)
    channelUrl = endpoint.toString()
    await startBackend()
    const sandboxUrl = `http://${HOST}:${new URL(sandbox.match[1] ?? '').port}`
    const liveProxy = proxy
    return {
      backendUrl,
      sandboxUrl,
      channelId,
      webhookSecret,
      proxy: liveProxy,
      async killBackend() {
        expected = true
        if (backend && isRunning(backend.child)) await stopProcess(backend.child, 'SIGKILL')
      },
      startBackend,
      async startInstance() {
        const port = await freePort()
        const instance = await startProcess(
          process.execPath,
          [join(options.dist, 'server/main.js')],
          {
            what: 'another backend instance (server/main.js)',
            ready: /listening on (http:\/\/\S+)/,
            env: { ...process.env, ...backendEnv(), PORT: String(port) },
          },
        )
        instances.push(instance)
        return `http://${HOST}:${port}`
      },
      unexpectedExits: () => unexpected,
      backendOutput: () => (backend && isRunning(backend.child) ? backend.output() : lastOutput),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
