import type { Agent } from '../../sandbox/service/model'
import { Avatar } from './Avatar'

type Props = {
  agents: Agent[]
  agentId: string | undefined
  onSelect: (agentId: string) => void
  onToggleOnline: (agent: Agent) => void
}

/** Who is using the console, and whether they are online (A1 answers 1 when one is). */
export function AgentBar({ agents, agentId, onSelect, onToggleOnline }: Props) {
  const agent = agents.find((candidate) => candidate.id === agentId)
  return (
    <div class="agent-bar">
      {agent ? <Avatar name={agent.name} photo={agent.photo} /> : null}
      <label class="visually-hidden" for="agent-select">
        Agent
      </label>
      <select
        id="agent-select"
        value={agentId ?? ''}
        onChange={(event) => onSelect(event.currentTarget.value)}
      >
        {agents.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name} {candidate.online ? '● online' : '○ offline'}
          </option>
        ))}
      </select>
      {agent ? (
        <button
          type="button"
          class={`status-toggle ${agent.online ? 'is-online' : ''}`}
          aria-pressed={agent.online}
          onClick={() => onToggleOnline(agent)}
        >
          <span class="dot" />
          {agent.online ? 'Online' : 'Offline'}
        </button>
      ) : null}
    </div>
  )
}
