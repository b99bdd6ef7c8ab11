import { timingSafeEqual } from 'node:crypto'
import { SandboxError } from './errors'
import type { ChannelView } from './events'
import { agentIdFor, newChannelId, newRandomString } from './ids'
import { AgentInput, AgentPatch, BotProviderInput, ChannelInput, ChannelPatch } from './inputs'
import type { Agent, BotProvider, Channel } from './model'

/** The service's account settings: channels, agents and bot providers. */
export type RegistryState = { channels: Channel[]; agents: Agent[]; botProviders: BotProvider[] }

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

export class Registry {
  readonly channels = new Map<string, Channel>()
  readonly agents = new Map<string, Agent>()
  readonly botProviders = new Map<string, BotProvider>()
  readonly #publicUrl: () => string

  constructor(publicUrl: () => string, state?: RegistryState) {
    this.#publicUrl = publicUrl
    for (const channel of state?.channels ?? []) this.channels.set(channel.id, channel)
    for (const agent of state?.agents ?? []) this.agents.set(agent.id, agent)
    for (const provider of state?.botProviders ?? [])
      this.botProviders.set(provider.providerId, provider)
  }

  snapshot(): RegistryState {
    return {
      channels: [...this.channels.values()],
      agents: [...this.agents.values()],
      botProviders: [...this.botProviders.values()],
    }
  }

  view(channel: Channel): ChannelView {
    return {
      ...channel,
      endpoint: `${trimSlash(this.#publicUrl())}/${channel.randomString}/${channel.id}`,
      deliveryUrl: `${trimSlash(channel.webhookUrl)}/${channel.id}`,
    }
  }

  /** The channel of an endpoint path, or undefined for an unknown id or a wrong random string. */
  channelAt(randomString: string, channelId: string): Channel | undefined {
    const channel = this.channels.get(channelId)
    return channel && sameSecret(randomString, channel.randomString) ? channel : undefined
  }

  channel(id: string): Channel {
    const channel = this.channels.get(id)
    if (!channel)
      throw new SandboxError(
        'not_found',
        `No channel ${id}: list them at GET /console/api/channels`,
      )
    return channel
  }

  agent(id: string): Agent {
    const agent = this.agents.get(id)
    if (!agent)
      throw new SandboxError('not_found', `No agent ${id}: list them at GET /console/api/agents`)
    return agent
  }

  addAgent(input: AgentInput): Agent {
    const { name, online, photo } = AgentInput.parse(input)
    const agent: Agent = {
      id: agentIdFor(name, (id) => this.agents.has(id)),
      name,
      online: online ?? false,
    }
    if (photo) agent.photo = photo
    this.agents.set(agent.id, agent)
    return agent
  }

  /** Finds an agent by id or name, creating one by that name when there is none. */
  ensureAgent(nameOrId: string): Agent {
    const byId = this.agents.get(nameOrId)
    if (byId) return byId
    const byName = [...this.agents.values()].find((agent) => agent.name === nameOrId)
    return byName ?? this.addAgent({ name: nameOrId })
  }

  updateAgent(id: string, patch: AgentPatch): Agent {
    const agent = this.agent(id)
    const { name, online, photo } = AgentPatch.parse(patch)
    if (name !== undefined) agent.name = name
    if (online !== undefined) agent.online = online
    if (photo === null) delete agent.photo
    else if (photo !== undefined) agent.photo = photo
    return agent
  }

  addChannel(input: ChannelInput): Channel {
    const parsed = ChannelInput.parse(input)
    if (parsed.botProviderId !== undefined) this.#requireProvider(parsed.botProviderId)
    let id = newChannelId()
    while (this.channels.has(id)) id = newChannelId()
    const channel: Channel = {
      id,
      randomString: newRandomString(),
      name: parsed.name,
      webhookUrl: parsed.webhookUrl,
      chunked: parsed.chunked,
      agentIds: parsed.agents.map((name) => this.ensureAgent(name).id),
      enabled: parsed.enabled,
      acceptsMedia: parsed.acceptsMedia,
      createdAt: Date.now(),
    }
    if (parsed.botProviderId !== undefined) channel.botProviderId = parsed.botProviderId
    this.channels.set(id, channel)
    return channel
  }

  updateChannel(id: string, patch: ChannelPatch): Channel {
    const channel = this.channel(id)
    const parsed = ChannelPatch.parse(patch)
    if (parsed.botProviderId) this.#requireProvider(parsed.botProviderId)
    if (parsed.name !== undefined) channel.name = parsed.name
    if (parsed.webhookUrl !== undefined) channel.webhookUrl = parsed.webhookUrl
    if (parsed.chunked !== undefined) channel.chunked = parsed.chunked
    if (parsed.enabled !== undefined) channel.enabled = parsed.enabled
    if (parsed.acceptsMedia !== undefined) channel.acceptsMedia = parsed.acceptsMedia
    if (parsed.agents !== undefined) {
      channel.agentIds = parsed.agents.map((name) => this.ensureAgent(name).id)
    }
    if (parsed.botProviderId === null) delete channel.botProviderId
    else if (parsed.botProviderId !== undefined) channel.botProviderId = parsed.botProviderId
    return channel
  }

  /** Registers a provider, or updates the one with this provider id. */
  putBotProvider(input: BotProviderInput): BotProvider {
    const parsed = BotProviderInput.parse(input)
    const provider: BotProvider = {
      providerId: parsed.providerId,
      endpointUrl: parsed.endpointUrl,
      token: parsed.token,
      name: parsed.name ?? 'Bot',
    }
    this.botProviders.set(provider.providerId, provider)
    return provider
  }

  /** The provider when the token matches; 'unknown' or 'wrong-token' otherwise. */
  checkBotToken(providerId: string, token: string): BotProvider | 'unknown' | 'wrong-token' {
    const provider = this.botProviders.get(providerId)
    if (!provider) return 'unknown'
    return sameSecret(token, provider.token) ? provider : 'wrong-token'
  }

  /** A1: 1 when the channel is on the site and at least one assigned agent is online. */
  isAvailable(channel: Channel): boolean {
    return channel.enabled && channel.agentIds.some((id) => this.agents.get(id)?.online === true)
  }

  #requireProvider(providerId: string): void {
    if (!this.botProviders.has(providerId)) {
      throw new SandboxError(
        'invalid_request',
        `botProviderId: no bot provider ${providerId}; register it first (POST /console/api/bot-providers)`,
      )
    }
  }
}
