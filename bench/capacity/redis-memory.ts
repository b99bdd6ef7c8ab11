// Redis's own figure for the memory it uses (INFO memory, used_memory), read over a raw
// socket: the sizing table's Redis memory per 1,000 conversations is its growth.
import { createConnection } from 'node:net'

export function redisUsedMemory(url: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) || 6379 })
    let reply = ''
    socket.setEncoding('utf8')
    socket.once('connect', () => socket.write('INFO memory\r\n'))
    socket.on('data', (chunk: string) => {
      reply += chunk
      // The line after it: used_memory's digits have all arrived.
      const match = /used_memory:(\d+)\r\nused_memory_human/.exec(reply)
      if (!match) return
      socket.destroy()
      resolve(Number(match[1]))
    })
    socket.on('error', reject)
    socket.setTimeout(5000, () => {
      socket.destroy()
      reject(new Error(`redis at ${url} did not answer INFO memory within 5 s`))
    })
  })
}
