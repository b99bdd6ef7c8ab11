import type { ComponentChildren } from 'preact'
import { isHttpUrl } from '../../../shared/url'
import type { Chat } from '../../sandbox/service/model'
import { Avatar } from './Avatar'
import { customerName, formatTime } from './format'

type Props = { chat: Chat; channelName: string }

/**
 * The site's custom attributes (Porthole.setAttributes): the widget sends them as
 * `ph.<name>=<value>` parameters of the page address, sender.url being the only place the
 * protocol has for them.
 */
export function attributesOf(url: string | undefined): [string, string][] {
  if (!url || !isHttpUrl(url)) return []
  return [...new URL(url).searchParams].flatMap(([name, value]) =>
    name.startsWith('ph.') ? [[name.slice(3), value] as [string, string]] : [],
  )
}

/** What the service knows of the customer: sender fields of spec 2.1, as last sent. */
export function CustomerCard({ chat, channelName }: Props) {
  const { customer } = chat
  const name = customerName(chat)
  const attributes = attributesOf(customer.url)
  const rows: Array<[string, ComponentChildren]> = [
    ['Phone', customer.phone],
    [
      'Email',
      customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : undefined,
    ],
    [
      'Page',
      customer.url && isHttpUrl(customer.url) ? (
        <a href={customer.url} target="_blank" rel="noreferrer noopener">
          {customer.url}
        </a>
      ) : undefined,
    ],
    ['sender.id', <code key="id">{String(chat.senderId)}</code>],
    ['Channel', channelName],
    ['Started', formatTime(chat.createdAt)],
  ]
  return (
    <aside class="customer-card" aria-label="Customer">
      <div class="customer-head">
        <Avatar name={name} photo={customer.photo} size="large" />
        <h2>{name}</h2>
        {customer.name ? null : <p class="small muted">No name given (anonymous)</p>}
      </div>
      <dl>
        {rows.map(([label, value]) =>
          value ? (
            <div key={label} class="card-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {attributes.length > 0 ? (
        <div class="attributes">
          <h3>Attributes</h3>
          <dl>
            {attributes.map(([label, value]) => (
              <div key={label} class="card-row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {customer.invite ? (
        <div class="invite">
          <h3>Invitation shown</h3>
          <blockquote>{customer.invite}</blockquote>
        </div>
      ) : null}
    </aside>
  )
}
