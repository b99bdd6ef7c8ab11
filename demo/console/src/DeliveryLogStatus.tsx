import type { DeliveryLog } from '../../sandbox/service/model'
import { Icon } from './Icon'

type Props = { delivery: DeliveryLog; attempts: number }

/** What became of an agent or bot message on its way to the integrator (A3). */
export function DeliveryLogStatus({ delivery, attempts }: Props) {
  const tried = delivery.attempts.length
  switch (delivery.status) {
    case 'delivered':
      return (
        <span class="delivery delivery-ok" title={`Delivered on attempt ${tried}`}>
          <Icon name="check" size={13} /> Delivered
        </span>
      )
    case 'pending':
      return (
        <span class="delivery delivery-pending">
          {tried === 0 ? 'Sending…' : `Retrying… (attempt ${tried + 1} of ${attempts})`}
        </span>
      )
    case 'failed':
      // The full reason is on the system line below the message.
      return (
        <span class="delivery delivery-failed" title={delivery.error}>
          <Icon name="alert" size={13} /> Not delivered
        </span>
      )
    case 'not_sent':
      return (
        <span class="delivery delivery-failed" role="alert">
          <Icon name="alert" size={13} /> {delivery.error ?? 'Not sent'}
        </span>
      )
  }
}
