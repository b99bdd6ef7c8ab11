import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { cpuTimeFromStat, cpuTimeOf } from '../../kit/processes'

describe('cpuTimeFromStat', () => {
  it('adds utime and stime (fields 14 and 15) and converts clock ticks to ms', () => {
    const stat =
      '4242 (node) S 1 4242 4242 0 -1 4194560 9000 0 0 0 1234 56 0 0 20 0 11 0 100 1000000 5000'
    expect(cpuTimeFromStat(stat, 100)).toBe((1234 + 56) * 10)
    expect(cpuTimeFromStat(stat, 1000)).toBe(1234 + 56)
  })

  it('reads past a command name with spaces and parentheses', () => {
    const stat = '77 (my (odd) name) R 1 77 77 0 -1 0 0 0 0 0 300 100 0 0 20 0 1 0 5 0 0'
    expect(cpuTimeFromStat(stat, 100)).toBe(4000)
  })

  it('throws on a line it cannot read', () => {
    expect(() => cpuTimeFromStat('garbage', 100)).toThrow(/unreadable \/proc stat line/)
  })
})

describe('cpuTimeOf', () => {
  it("counts a busy child's CPU time, not this process's", async () => {
    // The child spins until it has itself used 400 ms of CPU, however long that takes on
    // a busy machine, then says so and idles: no wall-clock guess about its speed.
    const child = spawn(process.execPath, [
      '-e',
      'while (process.cpuUsage().user < 400_000); console.log("spun"); setTimeout(() => {}, 60_000)',
    ])
    try {
      const pid = child.pid
      if (pid === undefined) throw new Error('no pid')
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('spun')) resolve()
        })
        child.once('exit', (code) => reject(new Error(`the child exited (${code})`)))
      })
      expect(cpuTimeOf(pid)).toBeGreaterThanOrEqual(390)
    } finally {
      child.kill('SIGKILL')
    }
  }, 60_000)
})
