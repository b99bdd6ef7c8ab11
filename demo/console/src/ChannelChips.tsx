import type { Agent } from '../../sandbox/service/model'
import type { ChannelView } from './live-state'

type Props = { channels: ChannelView[]; agents: Agent[] }

/** Each channel and what its status endpoint (A1) answers right now. */
export function ChannelChips({ channels, agents }: Props) {
  const online = (channel: ChannelView) =>
    channel.enabled &&
    channel.agentIds.some((id) => agents.find((agent) => agent.id === id)?.online)
  return (
    <ul class="channel-chips" aria-label="Channels">
      {channels.map((channel) => (
        <li
          key={channel.id}
          class={`chip ${online(channel) ? 'is-online' : ''}`}
          title={`${channel.endpoint}\nA1 status: ${online(channel) ? 1 : 0}${channel.enabled ? '' : ' (removed from the site)'}\nA3 to ${channel.deliveryUrl}${channel.chunked ? ' (chunked)' : ''}${channel.botProviderId ? `\nBot: ${channel.botProviderId}` : ''}`}
        >
          <span class="dot" />
          {channel.name}
          {channel.botProviderId ? <span class="tag tag-bot">Bot</span> : null}
        </li>
      ))}
    </ul>
  )
}
