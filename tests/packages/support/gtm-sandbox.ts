import { createContext, runInContext } from 'node:vm'
import { type Granted, matchesUrlPattern, type Scenario } from './gtm-template-file'

// An emulation of Tag Manager's sandbox for web templates, as far as the Porthole template
// uses it: `require(api)` with each API's permission check against ___WEB_PERMISSIONS___
// (a refused call throws, as the real sandbox does, failing the tag), the page's globals
// and consent state, and the test API of ___TESTS___ (mock, runCode, assertApi, assertThat).

export class PermissionError extends Error {
  override name = 'PermissionError' as const
}

/** The page the tag runs on: its globals, consent state and what was injected. */
export interface Page {
  window: Record<string, unknown>
  /** Consent by type; a type never set counts as granted (no consent mode). */
  consent: Map<string, boolean>
  consentListeners: { type: string; listener: (type: string, granted: boolean) => void }[]
  scripts: { url: string; onSuccess: () => void; onFailure: () => void }[]
  log: unknown[][]
}

export function createPage(window: Record<string, unknown> = {}): Page {
  return { window, consent: new Map(), consentListeners: [], scripts: [], log: [] }
}

/** Sets a consent type on the page and tells the listeners, as a consent banner's update does. */
export function updateConsent(page: Page, type: string, granted: boolean): void {
  page.consent.set(type, granted)
  for (const entry of page.consentListeners) if (entry.type === type) entry.listener(type, granted)
}

export type Call = { api: string; args: unknown[] }
type Api = (...args: unknown[]) => unknown

function pathOf(window: Record<string, unknown>, path: string): [Record<string, unknown>, string] {
  const keys = path.split('.')
  const last = keys.pop() ?? ''
  let parent: Record<string, unknown> = window
  for (const key of keys) {
    const next = parent[key]
    if (typeof next !== 'object' || next === null) return [{}, last]
    parent = next as Record<string, unknown>
  }
  return [parent, last]
}

/** The sandbox's APIs over `page`, each checking its permission and recording its calls. */
export function createRequire(
  granted: Granted,
  page: Page,
  calls: Call[],
  mocks: Map<string, Api> = new Map(),
): (name: string) => Api {
  const global = (path: string, access: 'read' | 'write' | 'execute') => {
    if (!granted.globals.get(path)?.[access])
      throw new PermissionError(`access_globals: no ${access} access to "${path}"`)
  }
  const consent = (type: string) => {
    if (!granted.consent.get(type)?.read)
      throw new PermissionError(`access_consent: no read access to "${type}"`)
  }
  const apis: Record<string, { check?: (...args: unknown[]) => void; run: Api }> = {
    injectScript: {
      check: (url) => {
        if (!granted.injectScript.some((pattern) => matchesUrlPattern(pattern, String(url))))
          throw new PermissionError(`inject_script: ${String(url)} is not allowed`)
      },
      run: (url, onSuccess, onFailure) => {
        page.scripts.push({
          url: String(url),
          onSuccess: onSuccess as () => void,
          onFailure: onFailure as () => void,
        })
      },
    },
    callInWindow: {
      check: (path) => global(String(path), 'execute'),
      run: (path, ...args) => {
        const [parent, key] = pathOf(page.window, String(path))
        const fn = parent[key]
        if (typeof fn !== 'function') return undefined
        return fn.apply(parent, args)
      },
    },
    setInWindow: {
      check: (key) => global(String(key), 'write'),
      run: (key, value, override) => {
        const [parent, last] = pathOf(page.window, String(key))
        if (override || parent[last] === undefined) parent[last] = value
        return true
      },
    },
    copyFromWindow: {
      check: (key) => global(String(key), 'read'),
      run: (key) => {
        const [parent, last] = pathOf(page.window, String(key))
        return parent[last]
      },
    },
    isConsentGranted: {
      check: (type) => consent(String(type)),
      run: (type) => page.consent.get(String(type)) !== false,
    },
    addConsentListener: {
      check: (type) => consent(String(type)),
      run: (type, listener) => {
        page.consentListeners.push({
          type: String(type),
          listener: listener as (type: string, granted: boolean) => void,
        })
      },
    },
    logToConsole: {
      check: () => {
        if (!granted.logging) throw new PermissionError('logging: not allowed')
      },
      run: (...args) => {
        page.log.push(args)
      },
    },
    makeTableMap: {
      run: (table, keyColumn, valueColumn) => {
        if (!Array.isArray(table)) return undefined
        const map: Record<string, unknown> = {}
        for (const row of table as Record<string, unknown>[])
          map[String(row[String(keyColumn)])] = row[String(valueColumn)]
        return map
      },
    },
    getType: {
      run: (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value),
    },
  }
  return (name) => {
    const api = apis[name]
    if (!api) throw new Error(`require('${name}'): the harness does not emulate this API`)
    return (...args: unknown[]) => {
      api.check?.(...args)
      calls.push({ api: name, args })
      const mock = mocks.get(name)
      return mock ? mock(...args) : api.run(...args)
    }
  }
}

/** Runs the template's code once, as a tag firing: `data` gets gtmOnSuccess and gtmOnFailure. */
export function runTemplate(
  code: string,
  data: Record<string, unknown>,
  require: (name: string) => Api,
  calls: Call[],
): void {
  const context = createContext({})
  const run = runInContext(`(function (require, data) {\n${code}\n})`, context) as (
    require: unknown,
    data: unknown,
  ) => void
  run(require, {
    ...data,
    gtmOnSuccess: () => calls.push({ api: 'gtmOnSuccess', args: [] }),
    gtmOnFailure: () => calls.push({ api: 'gtmOnFailure', args: [] }),
  })
}

/** Deep equality of plain values across realms (the sandbox's and the tests' objects). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  return (
    keysA.length === keysB.length &&
    keysA.every((key) =>
      same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  )
}

const show = (value: unknown) => {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/**
 * Runs one scenario of ___TESTS___ (after the setup code) with Tag Manager's test API;
 * throws what the first failed assertion says.
 */
export function runScenario(
  scenario: Scenario,
  setup: string,
  code: string,
  granted: Granted,
): void {
  const calls: Call[] = []
  const mocks = new Map<string, Api>()
  const page = createPage()
  const require = createRequire(granted, page, calls, mocks)
  const fail = (message: string): never => {
    throw new Error(`${scenario.name}: ${message}`)
  }
  const called = (api: string) => calls.filter((call) => call.api === api)
  const testApi = {
    mock: (name: string, implementation: unknown) => {
      mocks.set(
        name,
        typeof implementation === 'function' ? (implementation as Api) : () => implementation,
      )
    },
    runCode: (data: Record<string, unknown>) => runTemplate(code, data, require, calls),
    fail,
    assertApi: (api: string) => ({
      wasCalled: () => called(api).length > 0 || fail(`${api} was not called`),
      wasNotCalled: () =>
        called(api).length === 0 || fail(`${api} was called: ${show(called(api))}`),
      wasCalledWith: (...args: unknown[]) =>
        called(api).some((call) => same(call.args, args)) ||
        fail(`${api} was not called with ${show(args)}; calls: ${show(called(api))}`),
      wasNotCalledWith: (...args: unknown[]) =>
        !called(api).some((call) => same(call.args, args)) ||
        fail(`${api} was called with ${show(args)}`),
    }),
    assertThat: (actual: unknown) => ({
      isEqualTo: (expected: unknown) =>
        same(actual, expected) || fail(`expected ${show(expected)}, got ${show(actual)}`),
      isNotEqualTo: (expected: unknown) =>
        !same(actual, expected) || fail(`expected anything but ${show(expected)}`),
      isTrue: () => actual === true || fail(`expected true, got ${show(actual)}`),
      isFalse: () => actual === false || fail(`expected false, got ${show(actual)}`),
      isUndefined: () => actual === undefined || fail(`expected undefined, got ${show(actual)}`),
      isDefined: () => actual !== undefined || fail('expected a value, got undefined'),
    }),
  }
  runInContext(`${setup}\n${scenario.code}`, createContext(testApi))
}
