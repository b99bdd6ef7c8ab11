import { useEffect, useState } from 'preact/hooks'
import type { ChannelMessage } from '../../../shared/protocol'
import type { Agent } from '../../sandbox/service/model'
import { AgentBar } from './AgentBar'
import { api } from './api'
import { ChannelChips } from './ChannelChips'
import { ChatList } from './ChatList'
import { Composer } from './Composer'
import { CustomerCard } from './CustomerCard'
import { EmptyState } from './EmptyState'
import { MailboxPane } from './MailboxPane'
import { Thread } from './Thread'
import { useLiveState } from './use-live-state'

const AGENT_KEY = 'porthole-sandbox-agent'

function storedAgent(): string | undefined {
  try {
    return localStorage.getItem(AGENT_KEY) ?? undefined
  } catch {
    return undefined
  }
}

/** The agents' application of the emulated service. */
export function App() {
  const { state, connection } = useLiveState()
  const [agentId, setAgentId] = useState<string | undefined>(storedAgent)
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined)
  const [error, setError] = useState<string | undefined>(undefined)
  const [tab, setTab] = useState<'chats' | 'mailbox'>('chats')

  const agents = state?.agents ?? []
  const chats = state?.chats ?? []
  useEffect(() => {
    if (agents.length > 0 && !agents.some((agent) => agent.id === agentId)) {
      setAgentId((agents.find((agent) => agent.online) ?? agents[0])?.id)
    }
  }, [agents, agentId])
  useEffect(() => {
    if (selectedId === undefined && chats.length > 0) {
      setSelectedId((chats.find((chat) => chat.state !== 'closed') ?? chats[0])?.id)
    }
  }, [chats, selectedId])

  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      await action()
      setError(undefined)
      return true
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
      return false
    }
  }
  const selectAgent = (id: string) => {
    setAgentId(id)
    try {
      localStorage.setItem(AGENT_KEY, id)
    } catch {
      // Private mode: the choice just is not remembered.
    }
  }

  if (!state) {
    return (
      <div class="loading">
        {connection === 'reconnecting'
          ? 'Cannot reach the sandbox; retrying…'
          : 'Connecting to the sandbox…'}
      </div>
    )
  }
  const chat = chats.find((candidate) => candidate.id === selectedId)
  const channelName = (id: string) =>
    state.channels.find((channel) => channel.id === id)?.name ?? id
  const agentName = (id: string) => agents.find((agent) => agent.id === id)?.name ?? id
  const send = (message: ChannelMessage) =>
    run(() => api.send(chat?.id ?? '', agentId ?? '', message))
  const closed = chat?.state === 'closed'

  return (
    <div class="app">
      <header class="top-bar">
        <div class="brand">
          <span class="logo" aria-hidden="true" />
          <span>
            <strong>Porthole sandbox</strong>
            <span class="small muted"> · agents' application</span>
          </span>
        </div>
        <nav class="tabs" aria-label="Views">
          <button
            type="button"
            class={`tab ${tab === 'chats' ? 'is-selected' : ''}`}
            aria-pressed={tab === 'chats'}
            onClick={() => setTab('chats')}
          >
            Chats
          </button>
          <button
            type="button"
            class={`tab ${tab === 'mailbox' ? 'is-selected' : ''}`}
            aria-pressed={tab === 'mailbox'}
            onClick={() => setTab('mailbox')}
          >
            Mailbox <span class="count">{state.mail.length}</span>
          </button>
        </nav>
        <ChannelChips channels={state.channels} agents={agents} />
        <span class={`connection connection-${connection}`}>
          {connection === 'live' ? 'Live' : 'Reconnecting…'}
        </span>
        <AgentBar
          agents={agents}
          agentId={agentId}
          onSelect={selectAgent}
          onToggleOnline={(agent: Agent) => void run(() => api.setOnline(agent.id, !agent.online))}
        />
      </header>
      {error ? (
        <div class="error-banner" role="alert">
          <span>{error}</span>
          <button type="button" class="button ghost" onClick={() => setError(undefined)}>
            Dismiss
          </button>
        </div>
      ) : null}
      {tab === 'mailbox' ? (
        <MailboxPane mail={state.mail} mailbox={state.mailbox} run={run} onError={setError} />
      ) : (
        <main class="columns">
          <ChatList
            chats={chats}
            channels={state.channels}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
          <div class="conversation">
            {chat ? (
              <>
                <Thread
                  chat={chat}
                  agentId={agentId}
                  agentName={agentName}
                  deliveryAttempts={state.timings.deliveryAttempts ?? 3}
                  onJoin={() => void run(() => api.join(chat.id, agentId ?? ''))}
                  onClose={() => void run(() => api.close(chat.id, agentId ?? ''))}
                  onResend={(message) => void send(message)}
                />
                <Composer
                  disabled={closed || !agentId}
                  disabledReason={
                    closed
                      ? 'This chat is closed. The customer’s next message opens a new chat.'
                      : undefined
                  }
                  onSend={send}
                />
              </>
            ) : (
              <EmptyState channels={state.channels} />
            )}
          </div>
          {chat ? (
            <CustomerCard chat={chat} channelName={channelName(chat.channelId)} />
          ) : (
            <aside class="customer-card" />
          )}
        </main>
      )}
    </div>
  )
}
