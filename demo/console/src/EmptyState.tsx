import type { ChannelView } from './live-state'

/** What a new user sees before the first chat: how to send one. */
export function EmptyState({ channels }: { channels: ChannelView[] }) {
  const channel = channels.find((candidate) => candidate.enabled) ?? channels[0]
  const example = channel
    ? `curl -X POST '${channel.endpoint}' \\\n  -H 'content-type: application/json' \\\n  -d '{"sender":{"id":"42","name":"Jo"},"message":{"type":"text","text":"Hello!"}}'`
    : undefined
  return (
    <section class="empty-state">
      <h1>No chat selected</h1>
      {channel ? (
        <>
          <p>
            Customer messages to the <strong>{channel.name}</strong> channel appear on the left.
            Open the demo site, or send one yourself:
          </p>
          <pre>{example}</pre>
          <p class="small muted">Agent replies go to {channel.deliveryUrl}</p>
        </>
      ) : (
        <p>Create a channel with POST /console/api/channels to get a channel endpoint.</p>
      )}
    </section>
  )
}
