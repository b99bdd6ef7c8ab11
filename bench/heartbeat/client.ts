// The streams of bench/heartbeat/main.ts: raw sockets that read and discard.
import { connect } from 'node:net'

const [port = 0, count = 0] = process.argv.slice(2).map(Number)
let open = 0
for (let i = 0; i < count; i++) {
  const socket = connect(port, '127.0.0.1', () =>
    socket.write('GET / HTTP/1.1\r\nhost: bench\r\n\r\n'),
  )
  socket.once('data', () => {
    open += 1
    if (open === count) process.send?.('open')
  })
  socket.on('error', () => {})
}
