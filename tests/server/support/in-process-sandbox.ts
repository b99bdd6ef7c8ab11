import { createSandbox, type Sandbox } from '../../../demo/sandbox/index'

/**
 * The sandbox without a socket: one channel with Anna, and the fetch the backend under
 * test reaches it through (`app.request`), so A2 and its answers stay in the process.
 * @example const { sandbox, channel, fetch } = createInProcessSandbox({ acceptsMedia: false })
 */
export function createInProcessSandbox(options: { acceptsMedia?: boolean } = {}) {
  const sandbox: Sandbox = createSandbox({ timings: { deliveryIntervalMs: 10 } })
  const channel = sandbox.service.createChannel({
    name: 'Website',
    webhookUrl: 'http://127.0.0.1:9/hooks',
    agents: ['Anna'],
    acceptsMedia: options.acceptsMedia ?? true,
  })
  const fetch: typeof globalThis.fetch = async (input, init) =>
    sandbox.app.request(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      init,
    )
  return { sandbox, channel, fetch }
}
