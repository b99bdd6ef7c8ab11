import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { findRedisServer } from '../../../bench/drill/redis'
import { failedRow } from '../../../bench/drill/report'
import { withRedis } from '../../../bench/drill/scenarios/context'

/** Whether something listens at `url`'s host and port. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe.skipIf(!findRedisServer())('withRedis', () => {
  it('runs the body beside a listening redis-server and stops it after', async () => {
    let url = ''
    const rows = await withRedis('6. Redis', async (redis) => {
      url = redis.url
      expect(await listening(redis.url)).toBe(true)
      return [failedRow('6. Redis', new Error('the body ran'))]
    })
    expect(rows.map((row) => row.error)).toEqual(['the body ran'])
    expect(await listening(url)).toBe(false)
  })

  it('stops the redis-server when the body throws', async () => {
    let url = ''
    await expect(
      withRedis('6. Redis', async (redis) => {
        url = redis.url
        throw new Error('scenario broke')
      }),
    ).rejects.toThrow('scenario broke')
    expect(await listening(url)).toBe(false)
  })
})
