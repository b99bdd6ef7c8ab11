import { describe, expect, it } from 'vitest'
import { machineCpuFromStat, othersShare } from '../../../bench/lib/machine-cpu'

const STAT = 'cpu  511875 5153 112470 316617 3495 0 5826 877 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n'

describe('machineCpuFromStat', () => {
  it('counts user, nice, system, irq, softirq and steal as busy; idle and iowait as not', () => {
    expect(machineCpuFromStat(STAT)).toEqual({
      busy: 511875 + 5153 + 112470 + 0 + 5826 + 877,
      total: 511875 + 5153 + 112470 + 0 + 5826 + 877 + 316617 + 3495,
    })
  })

  it('throws on something else', () => {
    expect(() => machineCpuFromStat('intr 1 2 3')).toThrow(/unreadable \/proc\/stat/)
  })
})

describe('othersShare', () => {
  it("is the machine's busy time minus ours, as a share of its capacity", () => {
    // 10 s on 2 cores at 100 ticks/s: 2000 ticks; 1500 busy, 1000 of them (10 s) ours.
    const share = othersShare({ busy: 0, total: 0 }, { busy: 1500, total: 2000 }, 10_000, 100)
    expect(share).toBeCloseTo(0.25)
  })

  it('stays within 0 and 1 when the readings round against each other', () => {
    expect(othersShare({ busy: 0, total: 0 }, { busy: 100, total: 200 }, 5000, 100)).toBe(0)
    expect(othersShare({ busy: 5, total: 5 }, { busy: 5, total: 5 }, 0, 100)).toBe(0)
  })
})
