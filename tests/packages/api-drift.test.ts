// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  METHODS,
  type PortholeApi as PackageApi,
  type Contact as PackageContact,
  type IdentifiedUser as PackageUser,
  type PortholeEventName,
  type PortholeEvents,
} from '../../packages/porthole/src/index'
import type { Contact, IdentifiedUser } from '../../shared/widget-api'
import type { PortholeApi as WidgetApi } from '../../widget/loader/js-api'
import { EVENT_NAMES, type WidgetEventName, type WidgetEvents } from '../../widget/state/emitter'
import { mountTestWidget } from '../support/mount-widget'

// The app package writes the page API out for apps (it cannot import the widget's code);
// these checks fail when the two drift: a method, an event or a type added to one and not
// the other. The runtime checks fail in `vitest`, the type checks in `npm run typecheck`.

type Host = { Porthole?: Record<string, unknown> }

afterEach(() => {
  delete (window as unknown as Host).Porthole
  document.head.replaceChildren()
  vi.restoreAllMocks()
  vi.resetModules()
})

const sorted = (names: Iterable<string>) => [...names].sort()

/** Every event of the package's declarations (a key missing or extra is a type error). */
const PACKAGE_EVENTS: Record<PortholeEventName, true> = {
  ready: true,
  open: true,
  close: true,
  message: true,
  sent: true,
  status: true,
  unread: true,
  error: true,
  agentJoined: true,
  conversationEnded: true,
}

describe('the package’s page API and the widget’s', () => {
  it('have the same methods as the mounted widget’s window.Porthole', async () => {
    const widget = await mountTestWidget()
    try {
      expect(sorted(METHODS)).toEqual(sorted(Object.keys(widget.widget.api)))
    } finally {
      widget.unmount()
    }
  })

  it('have the same methods as widget.js’s queuing stubs before the loader is in', async () => {
    const script = document.createElement('script')
    script.setAttribute('src', 'https://chat.example.com/widget.js')
    script.type = 'text/plain'
    document.head.append(script)
    vi.stubGlobal('PORTHOLE_CONFIG', null)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    // @ts-expect-error the embed is a classic script: it runs for its effect, exports nothing
    await import('../../widget/embed/bootstrap')
    const stub = (window as unknown as Host).Porthole ?? {}
    const functions = Object.keys(stub).filter((name) => typeof stub[name] === 'function')
    expect(sorted(METHODS)).toEqual(sorted(functions))
  })

  it('have the same events', () => {
    expect(sorted(Object.keys(PACKAGE_EVENTS))).toEqual(sorted(EVENT_NAMES))
  })

  it('list the methods and events the JavaScript API docs list', () => {
    const docs = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../../docs/site-owners/javascript-api.md'),
      'utf8',
    )
    const [methodsPart, eventsPart] = docs.split(/^Events:$/m)
    const documented = (part = '') =>
      [...part.matchAll(/^\| (.+?) \|/gm)]
        .flatMap((row) => [...(row[1] ?? '').matchAll(/`(\w+)(?:\(|`)/g)])
        .map((match) => match[1] ?? '')
        .filter((name) => name !== 'method' && name !== 'event')
    expect(sorted(new Set(documented(methodsPart)))).toEqual(sorted(METHODS))
    expect(sorted(new Set(documented(eventsPart)))).toEqual(sorted(Object.keys(PACKAGE_EVENTS)))
    // Each in one row (issue 35: `conversationEnded` had two, saying different things).
    expect(sorted(documented(methodsPart))).toEqual(sorted(new Set(documented(methodsPart))))
    expect(sorted(documented(eventsPart))).toEqual(sorted(new Set(documented(eventsPart))))
  })

  it('have the same types (checked by tsc)', () => {
    expectTypeOf<keyof PackageApi>().toEqualTypeOf<keyof WidgetApi>()
    expectTypeOf<PortholeEventName>().toEqualTypeOf<WidgetEventName>()
    expectTypeOf<PackageContact>().toEqualTypeOf<Contact>()
    expectTypeOf<PackageUser>().toEqualTypeOf<IdentifiedUser>()
    // What the widget emits is what the package promises handlers: `true`, or a type error.
    const payloadsFit: {
      [K in WidgetEventName]: WidgetEvents[K] extends PortholeEvents[K] ? true : false
    }[WidgetEventName] = true
    // What an app passes the widget accepts; what the widget returns is what the app expects.
    const methodsFit: {
      [K in keyof WidgetApi]: Parameters<PackageApi[K]> extends Parameters<WidgetApi[K]>
        ? ReturnType<WidgetApi[K]> extends ReturnType<PackageApi[K]>
          ? true
          : false
        : false
    }[keyof WidgetApi] = true
    expect([payloadsFit, methodsFit]).toEqual([true, true])
  })
})
