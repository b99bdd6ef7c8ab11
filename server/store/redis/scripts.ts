import { createHash } from 'node:crypto'
import type { RedisClientType } from 'redis'

// Lua scripts run atomically inside Redis: a retried webhook is stored exactly once even
// when two instances receive the retry at the same moment, and an entry is never in the
// log without having been published (or published without being in the log).

/** The most items one append script carries: more go in the scripts after it. */
export const APPEND_SCRIPT_ITEMS = 1000

/**
 * The appends of one event-loop turn (or of all the turns a script's reply took), in
 * order, in one call (a group commit: Redis runs one script instead of one per webhook).
 * KEYS: visitors set, then the dedupe keys of the items that have one
 * ARGV: deadline ('' = none: Redis's TIME in ms after which the callers stopped waiting),
 *       max entries (0 = none), max age ms (0 = none), dedupe ttl ms, log key prefix,
 *       channel prefix, erased record key prefix, profile record key prefix, then six
 *       per item: entry json, at, visitor id, alias record key ('' = none), the index of
 *       its dedupe key in KEYS (0 = none), '1' to refuse an erased visitor ('' = no check)
 * With an alias record key, an entry goes to the visitor the record names
 * (`{"visitorId": …}`, as server/store/alias-target.ts reads it), else to the visitor
 * id given: the log and channel keys are built here from their prefixes, because the
 * visitor is only known here (one round trip; fine on a single primary, not on Cluster).
 * An item sees the items before it: a key repeated within a call is stored once. A
 * dedupe key holds "<entry id> <visitor>", never the entry's text: a message trimmed from
 * the log by retention's cap is not left readable there until the key expires.
 * Returns three values per item: 1, "<id>\n<json>", visitor for a duplicate; 0, id,
 * visitor for a new entry; 3, '', visitor when refused: the visitor was erased on
 * request (its erased record) and is not back (no profile record). Returns {2} and writes nothing when it ran past its deadline
 * (the callers were answered 503 meanwhile: storing now would deliver what the sender
 * was told had failed).
 */
export const APPEND_SCRIPT = `
if ARGV[1] ~= '' then
  local time = redis.call('TIME')
  if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) > tonumber(ARGV[1]) then
    return {2}
  end
end
local maxEntries = tonumber(ARGV[2])
local maxAge = tonumber(ARGV[3])
local out = {}
for i = 9, #ARGV, 6 do
  local visitor = ARGV[i + 2]
  if ARGV[i + 3] ~= '' then
    local raw = redis.call('GET', ARGV[i + 3])
    if raw then
      local ok, alias = pcall(cjson.decode, raw)
      if ok and type(alias) == 'table' and type(alias.visitorId) == 'string' and #alias.visitorId > 0 then
        visitor = alias.visitorId
      end
    end
  end
  local dedupe = KEYS[tonumber(ARGV[i + 4]) + 1]
  if tonumber(ARGV[i + 4]) == 0 then dedupe = nil end
  local seen = dedupe and redis.call('GET', dedupe)
  if ARGV[i + 5] == '1' and redis.call('EXISTS', ARGV[7] .. visitor) == 1
    and redis.call('EXISTS', ARGV[8] .. visitor) == 0 then
    out[#out + 1] = 3; out[#out + 1] = ''; out[#out + 1] = visitor
  elseif seen then
    -- The key holds "<id> <visitor whose log has it>" (an earlier version wrote
    -- "<id>\\n<json>": kept as is). The entry comes from that log; one that retention
    -- has trimmed since is answered with its id and this repeat's own JSON.
    local value = seen
    local id, owner = string.match(seen, '^(%d+%-%d+) (.*)$')
    if id then
      local json = ARGV[i]
      local found = redis.call('XRANGE', ARGV[5] .. owner, id, id)[1]
      if found then
        for f = 1, #found[2], 2 do
          if found[2][f] == 'e' then json = found[2][f + 1] end
        end
      end
      value = id .. '\\n' .. json
    end
    out[#out + 1] = 1; out[#out + 1] = value; out[#out + 1] = visitor
  else
    local log = ARGV[5] .. visitor
    local args = {'XADD', log}
    if maxEntries > 0 then
      args[#args + 1] = 'MAXLEN'; args[#args + 1] = '~'; args[#args + 1] = ARGV[2]
    end
    args[#args + 1] = '*'
    args[#args + 1] = 'e'; args[#args + 1] = ARGV[i]
    args[#args + 1] = 'a'; args[#args + 1] = ARGV[i + 1]
    if dedupe then args[#args + 1] = 'k'; args[#args + 1] = dedupe end
    local id = redis.call(unpack(args))
    if maxAge > 0 then redis.call('PEXPIRE', log, maxAge) else redis.call('PERSIST', log) end
    redis.call('SADD', KEYS[1], visitor)
    if dedupe then redis.call('SET', dedupe, id .. ' ' .. visitor, 'PX', ARGV[4]) end
    redis.call('PUBLISH', ARGV[6] .. visitor, 'm' .. id .. '\\n' .. ARGV[i])
    out[#out + 1] = 0; out[#out + 1] = id; out[#out + 1] = visitor
  end
end
return out
`

/**
 * Applies retention to one visitor's log as the other stores do: drop entries
 * whose \`at\` is before the cutoff, then keep the newest max-entries; a dropped entry's
 * dedupe key goes with it. An emptied log leaves the visitors set and expires. A log
 * within the count whose oldest entry is young is left unread (entries' \`at\` grow
 * with their ids, up to clock skew between instances).
 * At most ARGV[4] entries go (-1: no cap), the expired ones first; with ARGV[5] = '1'
 * nothing is deleted (a count for the retention guard).
 * KEYS: log, visitors set. ARGV: cutoff ms, max entries, visitor id, cap, dry run.
 * Returns {count dropped (or that would be), entries in the log, newest entry's at or -1}.
 */
export const PRUNE_SCRIPT = `
local cutoff = tonumber(ARGV[1])
local maxEntries = tonumber(ARGV[2])
local cap = tonumber(ARGV[4])
local dry = ARGV[5] == '1'
local function atOf(fields)
  for i = 1, #fields, 2 do
    if fields[i] == 'a' then return tonumber(fields[i + 1]) end
  end
  return nil
end
local length = redis.call('XLEN', KEYS[1])
local newest = -1
if length > 0 then
  local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
  newest = atOf(last[2]) or -1
end
-- Most logs are short and young: settle those without reading them whole.
if length > 0 and length <= maxEntries then
  local oldest = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)[1]
  local at = atOf(oldest[2])
  if at ~= nil and at >= cutoff then return {0, length, newest} end
end
local entries = redis.call('XRANGE', KEYS[1], '-', '+')
local young, drop, dedupeOf = {}, {}, {}
for _, entry in ipairs(entries) do
  local id, fields = entry[1], entry[2]
  local at = atOf(fields)
  for i = 1, #fields, 2 do
    if fields[i] == 'k' then dedupeOf[id] = fields[i + 1] end
  end
  if at == nil or at < cutoff then drop[#drop + 1] = id else young[#young + 1] = id end
end
for i = 1, #young - maxEntries do drop[#drop + 1] = young[i] end
if cap >= 0 and #drop > cap then
  for i = #drop, cap + 1, -1 do drop[i] = nil end
end
if dry then return {#drop, #entries, newest} end
for i = 1, #drop, 500 do
  redis.call('XDEL', KEYS[1], unpack(drop, i, math.min(i + 499, #drop)))
end
for _, id in ipairs(drop) do
  local key = dedupeOf[id]
  if key then
    -- The key may since have expired and been taken by a newer entry: keep that one.
    local value = redis.call('GET', key)
    local head = value and string.sub(value, 1, #id + 1)
    if head == id .. ' ' or head == id .. '\\n' then redis.call('DEL', key) end
  end
end
if #drop == #entries then
  -- Kept empty for a minute rather than deleted: the stream remembers its last id, so an
  -- append in the same millisecond cannot be given the id of an entry just pruned.
  if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], 60000) end
  redis.call('SREM', KEYS[2], ARGV[3])
end
return {#drop, #entries, newest}
`

type ScriptClient = Pick<RedisClientType, 'evalSha' | 'eval'>

const shas = new Map<string, string>()

/**
 * The newest entry of each log in KEYS, in one round trip (the idle sweep's batch read).
 * Returns, per key, {id, entry json} or {} when the log is empty or absent.
 */
export const NEWEST_ENTRIES_SCRIPT = `
local result = {}
for i, key in ipairs(KEYS) do
  local last = redis.call('XREVRANGE', key, '+', '-', 'COUNT', 1)[1]
  local row = {}
  if last then
    local fields = last[2]
    for f = 1, #fields, 2 do
      if fields[f] == 'e' then row = {last[1], fields[f + 1]} end
    end
  end
  result[i] = row
end
return result
`

/** EVALSHA, falling back to EVAL when Redis lost its script cache (a restart, SCRIPT FLUSH). */
export async function runScript(
  client: ScriptClient,
  script: string,
  keys: string[],
  args: string[],
): Promise<unknown> {
  let sha = shas.get(script)
  if (!sha) {
    sha = createHash('sha1').update(script).digest('hex')
    shas.set(script, sha)
  }
  try {
    return await client.evalSha(sha, { keys, arguments: args })
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error
    return await client.eval(script, { keys, arguments: args })
  }
}
