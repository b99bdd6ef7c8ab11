import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  parseMarkdownFile,
  readArticleFolder,
} from '../../../../server/help/import/markdown-folder'
import { seedArticleFolder } from '../../../../server/help/import/seed-folder'
import { createMemoryArticleStore } from '../../../../server/help/store/memory-article-store'
import { createSqliteArticleStore } from '../../../../server/help/store/sqlite-article-store'
import { openSqliteStore } from '../../../../server/store/sqlite-store'
import { useTempDirs } from '../../../support/temp-dirs'
import { REAL_WORK_TIMEOUT_MS } from '../../../support/timeouts'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const FIXTURES = join(root, 'tests/server/help/fixtures/articles')
const tempDir = useTempDirs('porthole-articles-')

describe('the Markdown folder importer', () => {
  it('reads every file of the folder and its subfolders with their front matter', async () => {
    const read = await readArticleFolder(FIXTURES, 5)
    if (!read.ok) throw new Error(read.message)
    const byId = Object.fromEntries(read.articles.map((s) => [s.article.id, s.article]))
    expect(byId.shipping).toMatchObject({
      title: 'Shipping times',
      language: 'en',
      keywords: ['delivery', 'parcel', 'courier'],
      featured: true,
      published: true,
      updatedAt: 5,
    })
    expect(byId.vozvrat).toMatchObject({ language: 'ru', category: 'Заказы', featured: false })
    expect(byId.shipping?.body.startsWith('Orders leave')).toBe(true)
  })

  it('names the file and the field of a bad front matter, and imports nothing', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'a.md'), '---\ntitle: A\nlanguage: en\n---\nBody')
    writeFileSync(join(dir, 'b.md'), '---\ntitle: B\nlanguage: en\nfeatured: maybe\n---\nBody')
    expect(await readArticleFolder(dir, 1)).toMatchObject({
      ok: false,
      file: 'b.md',
      message: expect.stringMatching(/featured/),
    })
    expect(parseMarkdownFile('no front matter', 'x', 1)).toMatchObject({ ok: false })
    expect(parseMarkdownFile('---\ntitle: [unclosed\n---\n', 'x', 1)).toMatchObject({ ok: false })
    expect(
      parseMarkdownFile('---\ntitle: T\nlanguage: en\nunknown: 1\n---\n', 'x', 1),
    ).toMatchObject({ ok: false })
  })

  it('seeds the demo with the articles not stored yet, keeping edited ones', async () => {
    const articles = createMemoryArticleStore()
    expect(await seedArticleFolder(FIXTURES, articles, 1)).toBe(2)
    const edited = await articles.get('shipping')
    if (!edited) throw new Error('not seeded')
    await articles.put({ ...edited, article: { ...edited.article, title: 'Edited' } })
    expect(await seedArticleFolder(FIXTURES, articles, 2)).toBe(0)
    expect((await articles.get('shipping'))?.article.title).toBe('Edited')
    expect(await seedArticleFolder(join(FIXTURES, 'missing'), articles, 3)).toBe(0)
  })

  it('imports with `npm run articles:import -- <dir>` into the sqlite store', () => {
    const data = tempDir()
    const run = spawnSync('npm', ['run', '--silent', 'articles:import', '--', FIXTURES], {
      cwd: root,
      env: { ...process.env, STORE_URL: `sqlite:${join(data, 'porthole.db')}` },
      encoding: 'utf8',
      timeout: REAL_WORK_TIMEOUT_MS * 2,
    })
    expect(run.stdout + run.stderr).toContain('imported 2 articles')
    const store = openSqliteStore(join(data, 'porthole.db'))
    const db = store.sqliteDatabase
    if (!db) throw new Error('no database')
    return createSqliteArticleStore(db)
      .count()
      .then(async (count) => {
        expect(count).toBe(2)
        await store.close()
      })
  })
})
