/**
 * The two clocks a schedule that must survive a wall-clock step reads: `now`, the wall
 * clock (Date.now: what is stored and shown), and `monotonic`, a clock that never steps
 * (performance.now), compared with it to notice that the wall clock did.
 */
export interface Clocks {
  now: () => number
  monotonic: () => number
}
