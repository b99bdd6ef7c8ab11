import type { ChannelView, SandboxEvents } from './events'
import type { AgentInput, AgentPatch, BotProviderInput, ChannelInput, ChannelPatch } from './inputs'
import type { Agent, BotProvider, Channel } from './model'
import { createRegistry, type Registry } from './registry'
import type { SandboxState } from './state'

/**
 * The account-settings half of the service: channels, agents and bot providers, with
 * every change announced to the console and persisted.
 */
export interface RegistryService {
  readonly registry: Registry
  /** Base of channel endpoints and of the bot interface ({bot_base_url}); setting it announces the new endpoints. */
  publicUrl: string
  listChannels(): ChannelView[]
  getChannel(id: string): ChannelView
  /** "Manage -> Add Channels -> Chat API": returns the channel with its endpoint. */
  createChannel(input: ChannelInput): ChannelView
  updateChannel(id: string, patch: ChannelPatch): ChannelView
  /** The channel of an endpoint path; undefined for an unknown id or a wrong random string. */
  channelAt(randomString: string, channelId: string): Channel | undefined
  /** A1's answer: 1 when an assigned agent is online and the chat is on the site. */
  channelStatus(channel: Channel): 0 | 1
  listAgents(): Agent[]
  addAgent(input: AgentInput): Agent
  updateAgent(id: string, patch: AgentPatch): Agent
  setAgentOnline(id: string, online: boolean): Agent
  listBotProviders(): BotProvider[]
  /** Registers a provider (or replaces the one with the same providerId). */
  registerBotProvider(input: BotProviderInput): BotProvider
}

export function createRegistryService(
  initialPublicUrl: string,
  events: SandboxEvents,
  state?: SandboxState,
  onChange?: () => void,
): RegistryService {
  let publicUrl = initialPublicUrl
  const registry = createRegistry(() => publicUrl, state)

  const listChannels = () =>
    [...registry.channels.values()].map((channel) => registry.view(channel))
  const listAgents = () => [...registry.agents.values()]
  const listBotProviders = () => [...registry.botProviders.values()]

  const agentsChanged = (): void => {
    events.emit({ type: 'agents', agents: listAgents() })
    onChange?.()
  }
  const channelsChanged = (): void => {
    events.emit({ type: 'channels', channels: listChannels() })
    onChange?.()
  }

  const updateAgent = (id: string, patch: AgentPatch): Agent => {
    const agent = registry.updateAgent(id, patch)
    agentsChanged()
    return agent
  }

  return {
    registry,
    get publicUrl() {
      return publicUrl
    },
    set publicUrl(url: string) {
      publicUrl = url
      channelsChanged()
    },
    listChannels,
    getChannel: (id) => registry.view(registry.channel(id)),
    createChannel(input) {
      const channel = registry.addChannel(input)
      agentsChanged()
      channelsChanged()
      return registry.view(channel)
    },
    updateChannel(id, patch) {
      const channel = registry.updateChannel(id, patch)
      agentsChanged()
      channelsChanged()
      return registry.view(channel)
    },
    channelAt: (randomString, channelId) => registry.channelAt(randomString, channelId),
    channelStatus: (channel) => (registry.isAvailable(channel) ? 1 : 0),
    listAgents,
    addAgent(input) {
      const agent = registry.addAgent(input)
      agentsChanged()
      return agent
    },
    updateAgent,
    setAgentOnline: (id, online) => updateAgent(id, { online }),
    listBotProviders,
    registerBotProvider(input) {
      const provider = registry.putBotProvider(input)
      events.emit({ type: 'bot-providers', botProviders: listBotProviders() })
      onChange?.()
      return provider
    },
  }
}
