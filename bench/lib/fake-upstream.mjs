// The service's side of A1/A2 on loopback: always online, counts status calls.
import { createServer } from 'node:http'

export async function startFakeUpstream() {
  let statusCalls = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.endsWith('/status')) {
        statusCalls += 1
        res.writeHead(200, { 'content-type': 'text/plain' }).end('1')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    channelUrl: `http://127.0.0.1:${port}/bench-random/bench-channel`,
    channelId: 'bench-channel',
    statusCalls: () => statusCalls,
    resetStatusCalls: () => {
      statusCalls = 0
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
