/**
 * True when `work` settles within `ms`, false when the time runs out first (the work goes
 * on either way; a bounded shutdown moves on and leaves it for the next start).
 *
 * @example if (!(await settlesWithin(outbox.stop(), 5000))) logger.warn('still sending')
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([work.then(() => true), late])
  } finally {
    clearTimeout(timer)
  }
}
