import type { PortholeApi } from '../../../packages/porthole/src/types'
import { installApi, type Namespace } from '../../../widget/loader/js-api'

/**
 * What widget.js does once up: the real installApi puts `api` on window.Porthole and runs
 * its queue, then the widget emits `ready`.
 */
export function startFakeWidget(overrides: Partial<Record<keyof PortholeApi, unknown>> = {}) {
  const listeners = new Map<string, ((payload: unknown) => void)[]>()
  const calls: unknown[][] = []
  const api = Object.fromEntries(
    [
      'open',
      'close',
      'toggle',
      'setContact',
      'identify',
      'showInvite',
      'sendMessage',
      'clearHistory',
      'hide',
      'show',
      'setAttributes',
      'setLanguage',
      'setColor',
      'shutdown',
      'boot',
      'destroy',
    ].map((name) => [
      name,
      (...args: unknown[]) => {
        calls.push([name, ...args])
        const override = overrides[name as keyof PortholeApi]
        return typeof override === 'function' ? override(...args) : Promise.resolve()
      },
    ]),
  )
  const widgetApi = {
    ...api,
    getUnreadCount: () => 3,
    on: (name: string, listener: (payload: unknown) => void) => {
      calls.push(['on', name])
      listeners.set(name, [...(listeners.get(name) ?? []), listener])
    },
    off: () => {},
  }
  const host = window as unknown as { Porthole?: Namespace }
  installApi(host.Porthole ?? {}, widgetApi as unknown as PortholeApi)
  for (const listener of [...(listeners.get('ready') ?? [])]) listener(undefined)
  return { calls }
}
