import { createLogger, type Logger } from '../../server/logging/logger'

/**
 * The sandbox's default logger: warnings and errors as text on stderr (the message,
 * then the error's stack), as `npm run sandbox` and `npm start` have always shown them.
 */
export function consoleLogger(): Logger {
  return createLogger({
    level: 'warn',
    format: 'text',
    write: (line) => process.stderr.write(`${line}\n`),
  })
}
