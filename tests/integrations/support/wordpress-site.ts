import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../../demo/launch/free-port'
import { waitFor } from '../../../kit/agent-console'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { WORDPRESS_CORE } from './wordpress-plan'

// A WordPress site of its own for one test file: a MariaDB on a free port with a temp data
// dir (no system service, no grant tables), a copy of Debian's WordPress core with its own
// wp-config.php (Debian's reads /etc/wordpress, which stays untouched), the plugin copied
// into wp-content/plugins, served by `php -S` on another free port. Parallel runs share nothing.

const FIXTURES = join(findRepoRoot(), 'tests/integrations/wordpress/fixtures')
export const PLUGIN_DIR = join(findRepoRoot(), 'integrations/wordpress/porthole-chat')
/** The longest a server of the site may take to start on a busy machine (it takes 1–3 s when idle). */
const START_TIMEOUT_MS = 60_000

export type WordPressSite = {
  /** The site, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string
  admin: { login: string; password: string }
  /** A subscriber, Jane Doe <jane@example.com>. */
  user: { login: string; password: string; id: number; name: string; email: string }
  /** How long the set-up took, in ms. */
  setupMs: number
  /** Runs PHP `code` inside the site (after wp-load.php) and returns what it printed. */
  php(code: string): Promise<string>
  /** PHP's notices, warnings and errors so far (WP_DEBUG_LOG). */
  debugLog(): string
  /** The last lines `php -S` and MariaDB printed, for a failure's message. */
  serverLogs(): string
  close(): Promise<void>
}

/** Runs `command` to its end; rejects with its output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
    )
  })
}

/** Starts a long-running child, its output kept in `logFile`. */
function serve(command: string, args: string[], logFile: string, env?: NodeJS.ProcessEnv) {
  // A process group of its own: php -S's workers outlive their parent unless the group is stopped.
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: 'pipe',
    detached: true,
  })
  child.stdout?.on('data', (chunk: Buffer) => writeFileSync(logFile, chunk, { flag: 'a' }))
  child.stderr?.on('data', (chunk: Buffer) => writeFileSync(logFile, chunk, { flag: 'a' }))
  return child
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
  })
}

/** The last `lines` lines of a file, or a note that it is missing. */
function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(none)'
  }
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Sets up and serves a fresh WordPress site whose language is `locale`. */
export async function startWordPress(
  options: { locale?: string; port?: number } = {},
): Promise<WordPressSite> {
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'porthole-wordpress-'))
  const children: ChildProcess[] = []
  const close = async () => {
    await Promise.all(children.map(stop))
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const dbPort = await freePort('127.0.0.1')
    const port = options.port ?? (await freePort('127.0.0.1'))
    const url = `http://127.0.0.1:${port}`
    const data = join(dir, 'db')

    // The database's files, while the core is copied.
    const installDb = run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${data}`,
      '--user=root',
      '--skip-test-db',
      '--auth-root-authentication-method=normal',
    ])
    const wp = join(dir, 'wp')
    // Debian's .htaccess is a link into /etc/wordpress; php -S does not read it.
    cpSync(WORDPRESS_CORE, wp, { recursive: true, filter: (path) => !path.endsWith('/.htaccess') })
    const debugLog = join(dir, 'debug.log')
    writeFileSync(
      join(wp, 'wp-config.php'),
      readFileSync(join(FIXTURES, 'wp-config.php.tpl'), 'utf8')
        .replaceAll('{{DB_HOST}}', `127.0.0.1:${dbPort}`)
        .replaceAll('{{URL}}', url)
        .replaceAll('{{KEY}}', randomBytes(24).toString('hex'))
        .replaceAll('{{DEBUG_LOG}}', debugLog),
    )
    cpSync(
      join(FIXTURES, 'porthole-test-theme'),
      join(wp, 'wp-content/themes/porthole-test-theme'),
      {
        recursive: true,
      },
    )
    cpSync(PLUGIN_DIR, join(wp, 'wp-content/plugins/porthole-chat'), { recursive: true })
    mkdirSync(join(wp, 'wp-content/uploads'), { recursive: true })
    await installDb

    children.push(
      serve(
        'mariadbd',
        [
          '--no-defaults',
          `--datadir=${data}`,
          '--user=root',
          '--bind-address=127.0.0.1',
          `--port=${dbPort}`,
          `--socket=${join(dir, 'mariadb.sock')}`,
          `--pid-file=${join(dir, 'mariadb.pid')}`,
          '--skip-grant-tables',
          '--innodb-buffer-pool-size=16M',
          '--skip-log-bin',
        ],
        join(dir, 'mariadb.log'),
      ),
    )
    await waitFor(
      'MariaDB to accept connections',
      async () => ((await acceptsConnections(dbPort)) ? true : undefined),
      START_TIMEOUT_MS,
    )

    const admin = { login: 'admin', password: randomBytes(12).toString('hex') }
    const userPassword = randomBytes(12).toString('hex')
    const installed = await run('php', [
      join(FIXTURES, 'setup-site.php'),
      wp,
      JSON.stringify({
        dbHost: '127.0.0.1',
        dbPort,
        adminPassword: admin.password,
        userPassword,
        locale: options.locale ?? 'en_US',
      }),
    ])
    const userId = Number(/"userId":(\d+)/.exec(installed)?.[1])
    if (!userId) throw new Error(`setup-site.php did not say the user's id:\n${installed}`)

    // Several workers: the browser fetches a page's scripts and styles in parallel.
    children.push(
      serve('php', ['-S', `127.0.0.1:${port}`, '-t', wp], join(dir, 'php.log'), {
        PHP_CLI_SERVER_WORKERS: '4',
      }),
    )
    await waitFor(
      'php -S to serve WordPress',
      async () => {
        const response = await fetch(`${url}/wp-login.php`).catch(() => undefined)
        return response?.ok ? true : undefined
      },
      START_TIMEOUT_MS,
    )

    return {
      url,
      admin,
      user: {
        login: 'jane',
        password: userPassword,
        id: userId,
        name: 'Jane Doe',
        email: 'jane@example.com',
      },
      setupMs: performance.now() - started,
      php: (code) =>
        run('php', ['-r', `require ${JSON.stringify(join(wp, 'wp-load.php'))}; ${code}`]),
      debugLog: () => {
        try {
          return readFileSync(debugLog, 'utf8')
        } catch {
          return ''
        }
      },
      serverLogs: () =>
        ['php.log', 'mariadb.log']
          .map((name) => `${name}:\n${tail(join(dir, name), 20)}`)
          .join('\n'),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
