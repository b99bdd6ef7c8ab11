import { describe, expect, it } from 'vitest'
import { diskFlushesFromStats, meanFlushMs } from '../../../bench/lib/disk-flush'

// /proc/diskstats: major minor name, then 17 counters (the last two: flushes completed,
// milliseconds spent flushing); kernels before 5.5 write 14 of them.
const STATS = [
  ' 254       0 vda 996673 61679 21229098 1679002 6167185 2487434 173698312 2087115 0 1047204 4306564 1879167 2810 79422104 253121 1797520 287325',
  ' 254       1 vda1 996000 61000 21000000 1670000 6160000 2480000 173000000 2080000 0 1040000 4300000 1879167 2810 79422104 253121 1797000 287000',
  '   7       0 loop0 10 0 80 1 0 0 0 0 0 4 1 0 0 0 0 5 9',
  '   8       0 sda 1 2 3 4 5 6 7 8 0 9 10',
].join('\n')

describe('diskFlushesFromStats', () => {
  it('sums the flush counters of the whole disks named, not their partitions', () => {
    expect(diskFlushesFromStats(STATS, ['vda', 'loop0'])).toEqual({
      flushes: 1797520 + 5,
      flushMs: 287325 + 9,
    })
  })

  it('counts nothing for a disk the kernel counts no flushes of', () => {
    expect(diskFlushesFromStats(STATS, ['sda'])).toEqual({ flushes: 0, flushMs: 0 })
  })
})

describe('meanFlushMs', () => {
  it('is the time spent flushing over the flushes made between two readings', () => {
    expect(
      meanFlushMs({ flushes: 1797520, flushMs: 287325 }, { flushes: 1797553, flushMs: 287391 }),
    ).toBeCloseTo(2)
  })

  it('is undefined when no flush was made', () => {
    expect(meanFlushMs({ flushes: 7, flushMs: 3 }, { flushes: 7, flushMs: 3 })).toBeUndefined()
  })
})
