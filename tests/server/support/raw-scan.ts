import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createClient } from 'redis'

/** Every file under `dir`, its relative path and its bytes, as one text (latin1). */
export async function folderText(dir: string): Promise<string> {
  const parts: string[] = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    parts.push(path, (await readFile(path)).toString('latin1'))
  }
  return parts.join('\n')
}

/** Every key of a Redis database (SCAN) with its value, whatever its type, as one text. */
export async function redisText(url: string): Promise<string> {
  const client = createClient({ url })
  await client.connect()
  const parts: string[] = []
  try {
    for await (const keys of client.scanIterator({ COUNT: 1000 })) {
      for (const key of keys) {
        parts.push(key)
        const type = await client.type(key)
        if (type === 'string') parts.push((await client.get(key)) ?? '')
        else if (type === 'set') parts.push(...(await client.sMembers(key)))
        else if (type === 'hash') parts.push(JSON.stringify(await client.hGetAll(key)))
        else if (type === 'zset') parts.push(...(await client.zRange(key, 0, -1)))
        else if (type === 'list') parts.push(...(await client.lRange(key, 0, -1)))
        else if (type === 'stream') parts.push(JSON.stringify(await client.xRange(key, '-', '+')))
        else parts.push(`<${type}>`)
      }
    }
  } finally {
    await client.close()
  }
  return parts.join('\n')
}
