import { z } from 'zod'

// A Tag Manager template file (template.tpl): sections headed `___NAME___`, JSON for the
// info, parameters and permissions, sandboxed JavaScript, and the tests' YAML.

export type TemplateFile = Record<string, string>

/** The sections of a template.tpl by name (`INFO`, `SANDBOXED_JS_FOR_WEB_TEMPLATE`, …). */
export function readSections(text: string): TemplateFile {
  const sections: TemplateFile = {}
  let name: string | undefined
  let lines: string[] = []
  for (const line of text.split('\n')) {
    const header = /^___([A-Z_]+)___$/.exec(line)
    if (header?.[1]) {
      if (name) sections[name] = lines.join('\n').trim()
      name = header[1]
      lines = []
    } else lines.push(line)
  }
  if (name) sections[name] = lines.join('\n').trim()
  return sections
}

export interface Scenario {
  name: string
  code: string
}

/**
 * The `___TESTS___` section: `scenarios:` (each `- name:` with a `code: |-` block) and a
 * `setup: |-` block run before each, as Tag Manager's template editor exports them.
 */
export function readTests(yaml: string): { scenarios: Scenario[]; setup: string } {
  const scenarios: Scenario[] = []
  let setup = ''
  const lines = yaml.split('\n')
  /** The block scalar after line `at`, indented `indent` spaces. */
  const block = (at: number, indent: number): [string, number] => {
    const body: string[] = []
    let next = at + 1
    for (; next < lines.length; next++) {
      const line = lines[next] ?? ''
      if (line.trim() !== '' && !line.startsWith(' '.repeat(indent))) break
      body.push(line.slice(indent))
    }
    return [body.join('\n').trimEnd(), next]
  }
  for (let at = 0; at < lines.length; ) {
    const line = lines[at] ?? ''
    const item = /^- name: (.+)$/.exec(line)
    if (item?.[1]) {
      if (lines[at + 1] !== '  code: |-')
        throw new Error(`scenario "${item[1]}": expected "  code: |-" on the next line`)
      const [code, next] = block(at + 1, 4)
      scenarios.push({ name: item[1].trim(), code })
      at = next
    } else if (line === 'setup: |-') {
      const [code, next] = block(at, 2)
      setup = code
      at = next
    } else if (line === 'scenarios:' || line.trim() === '') at++
    else throw new Error(`___TESTS___: cannot read line ${at + 1}: ${line}`)
  }
  return { scenarios, setup }
}

const Value: z.ZodType<PermissionValue> = z.lazy(() =>
  z.object({
    type: z.number(),
    string: z.string().optional(),
    boolean: z.boolean().optional(),
    listItem: z.array(Value).optional(),
    mapKey: z.array(Value).optional(),
    mapValue: z.array(Value).optional(),
  }),
)
type PermissionValue = {
  type: number
  string?: string
  boolean?: boolean
  listItem?: PermissionValue[]
  mapKey?: PermissionValue[]
  mapValue?: PermissionValue[]
}
const Permissions = z.array(
  z.object({
    instance: z.object({
      key: z.object({ publicId: z.string() }),
      param: z.array(z.object({ key: z.string(), value: Value })),
    }),
  }),
)

/** What ___WEB_PERMISSIONS___ grants, in the shape the emulated APIs check. */
export interface Granted {
  injectScript: string[]
  globals: Map<string, { read: boolean; write: boolean; execute: boolean }>
  consent: Map<string, { read: boolean; write: boolean }>
  logging?: string
}

function asMap(value: PermissionValue): Record<string, string | boolean | undefined> {
  const keys = value.mapKey ?? []
  return Object.fromEntries(
    keys.map((key, index) => {
      const entry = value.mapValue?.[index]
      return [key.string ?? '', entry?.string ?? entry?.boolean]
    }),
  )
}

export function readPermissions(json: string): Granted {
  const granted: Granted = { injectScript: [], globals: new Map(), consent: new Map() }
  for (const { instance } of Permissions.parse(JSON.parse(json))) {
    const param = (key: string) => instance.param.find((entry) => entry.key === key)?.value
    switch (instance.key.publicId) {
      case 'inject_script':
        granted.injectScript = (param('urls')?.listItem ?? []).map((item) => item.string ?? '')
        break
      case 'access_globals':
        for (const item of param('keys')?.listItem ?? []) {
          const map = asMap(item)
          granted.globals.set(String(map.key), {
            read: map.read === true,
            write: map.write === true,
            execute: map.execute === true,
          })
        }
        break
      case 'access_consent':
        for (const item of param('consentTypes')?.listItem ?? []) {
          const map = asMap(item)
          granted.consent.set(String(map.consentType), {
            read: map.read === true,
            write: map.write === true,
          })
        }
        break
      case 'logging':
        granted.logging = param('environments')?.string
        break
      default:
        throw new Error(`the harness does not know the permission ${instance.key.publicId}`)
    }
  }
  return granted
}

/**
 * Tag Manager's URL match patterns: the scheme as written (https), the host exactly, any
 * subdomain (`*.example.com`) or any host (`*`), and the path exactly, as a prefix when it
 * ends with `/`, `*` matching any run of characters.
 */
export function matchesUrlPattern(pattern: string, url: string): boolean {
  const parts = /^(https?):\/\/([^/]+)(\/.*)$/.exec(pattern)
  if (!parts) throw new Error(`not a URL match pattern: ${pattern}`)
  const [, scheme, host = '', path = '/'] = parts
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return false
  }
  if (target.protocol !== `${scheme}:`) return false
  const hostOk =
    host === '*' ||
    (host.startsWith('*.')
      ? target.hostname === host.slice(2) || target.hostname.endsWith(host.slice(1))
      : target.host === host)
  if (!hostOk) return false
  const glob = path
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${glob}${path.endsWith('/') ? '.*' : ''}$`).test(target.pathname)
}
