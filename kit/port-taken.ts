/**
 * Runs `start`, which binds ports it chose free a moment before, again when another
 * process took one in between (`taken(error)`), at most `tries` times in all; any other
 * error, or the last try's, is thrown.
 */
export async function retryWhenPortTaken<T>(
  start: () => Promise<T>,
  taken: (error: unknown) => boolean,
  tries = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start()
    } catch (error) {
      if (!taken(error) || attempt >= tries) throw error
    }
  }
}
