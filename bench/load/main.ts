// The load generator's process, forked by bench/run.ts (bench/lib/load-client.ts):
// every request is parsed, run by its command and answered with its seq.
import { LoadGenerator } from './generator'
import { type LoadReply, LoadRequest } from './protocol'

const generator = new LoadGenerator()

process.on('message', async (message: unknown) => {
  const request = LoadRequest.safeParse(message)
  if (!request.success) {
    process.stderr.write(`load generator: ignoring a malformed request: ${request.error.message}\n`)
    return
  }
  const { seq, command, options } = request.data
  let reply: LoadReply
  try {
    reply = { seq, result: await generator.run(command, options) }
  } catch (error) {
    reply = { seq, error: error instanceof Error ? error.message : String(error) }
  }
  process.send?.(reply)
})
