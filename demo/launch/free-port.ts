import { createServer } from 'node:net'

/** A port nobody listens on right now (the OS picks it). */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('freePort: the probe socket has no TCP port'))
      })
    })
  })
}
