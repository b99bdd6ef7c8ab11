import type { Scenario } from './context'
import { withStack } from './context'
import { twoWayUnderFault } from './two-way'

/** Row 5: kill -9 of the backend during traffic both ways, then a restart on the same port and data. */
export const crashScenario: Scenario = async (context) =>
  withStack(context, undefined, (stack) =>
    twoWayUnderFault(
      context,
      stack,
      {
        label: '5. kill -9 backend',
        down: () => stack.killBackend(),
        up: () => stack.startBackend(),
      },
      'crash',
    ),
  )
