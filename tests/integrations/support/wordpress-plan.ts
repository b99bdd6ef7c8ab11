import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, it } from 'vitest'
import { planBrowser } from '../../../kit/chromium'

// Whether the WordPress plugin's real test runs: it needs Debian's wordpress, mariadb-server,
// php-cli and php-mysql, and Chromium. Without them it is skipped with what to install, or
// fails when REQUIRE_WORDPRESS=1 (CI).

export const WORDPRESS_CORE = '/usr/share/wordpress'
export const WORDPRESS_PACKAGES = 'wordpress mariadb-server php-cli php-mysql'

export type WordPressPlan = { run: true } | { run: false; fail: boolean; message: string }

/** What is missing of the WordPress test's tools, read from the machine (or the given checks). */
export function planWordPress(
  env: Record<string, string | undefined>,
  exists: (path: string) => boolean = existsSync,
  phpHasMysqli: () => boolean = () =>
    spawnSync('php', ['-r', 'exit(extension_loaded("mysqli") ? 0 : 1);']).status === 0,
): WordPressPlan {
  const needs: [string, string][] = [
    ['/usr/bin/php', 'php-cli'],
    ['/usr/sbin/mariadbd', 'mariadb-server'],
    ['/usr/bin/mariadb-install-db', 'mariadb-server'],
    [`${WORDPRESS_CORE}/wp-settings.php`, 'wordpress'],
  ]
  const missing = needs.filter(([path]) => !exists(path)).map(([path, pkg]) => `${path} (${pkg})`)
  if (exists('/usr/bin/php') && !phpHasMysqli()) missing.push("PHP's mysqli (php-mysql)")
  const browser = planBrowser(env, exists)
  if (!browser.run) missing.push(browser.message)
  if (missing.length === 0) return { run: true }
  return {
    run: false,
    fail: env.REQUIRE_WORDPRESS === '1',
    message: `missing ${missing.join(', ')}: apt-get install -y ${WORDPRESS_PACKAGES} chromium`,
  }
}

const PLAN = planWordPress(process.env)

/** A describe that needs a real WordPress (see planWordPress). */
export function describeWithWordPress(name: string, suite: () => void): void {
  if (PLAN.run) {
    describe(name, suite)
  } else if (PLAN.fail) {
    const { message } = PLAN
    describe(name, () => {
      it('needs WordPress, MariaDB, PHP and Chromium (REQUIRE_WORDPRESS=1)', () => {
        throw new Error(`REQUIRE_WORDPRESS=1 but ${message}`)
      })
    })
  } else {
    console.warn(`WordPress suite "${name}" skipped: ${PLAN.message}`)
    describe.skip(`${name} [skipped: ${PLAN.message}]`, suite)
  }
}
