// Lua for the redis: articles, each one atomic. KEYS: articles (id → stored JSON),
// summaries (id → summary JSON), version (a counter of changes), changes (a sorted set:
// id scored by the version of its last change), epoch (set once: a Redis that lost its
// data gets a new one, and every instance reloads).

/** ARGV: max, then id, stored, summary for each article. → {0|-1, count after}. */
export const PUT_ARTICLES = `
local max = tonumber(ARGV[1])
local added, seen = 0, {}
for i = 2, #ARGV, 3 do
  local id = ARGV[i]
  if not seen[id] and redis.call('HEXISTS', KEYS[1], id) == 0 then added = added + 1 end
  seen[id] = true
end
local count = redis.call('HLEN', KEYS[1]) + added
if count > max then return {-1, count} end
redis.call('SETNX', KEYS[5], table.concat(redis.call('TIME'), '.'))
for i = 2, #ARGV, 3 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 2])
  redis.call('ZADD', KEYS[4], redis.call('INCR', KEYS[3]), ARGV[i])
end
return {0, count}
`

/** ARGV: id. → 1 when it was there. */
export const DELETE_ARTICLE = `
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('SETNX', KEYS[5], table.concat(redis.call('TIME'), '.'))
redis.call('ZADD', KEYS[4], redis.call('INCR', KEYS[3]), ARGV[1])
return 1
`

/** KEYS: unanswered (member → count), last (member → at). ARGV: member, at, cap. */
export const ASK = `
redis.call('ZINCRBY', KEYS[1], 1, ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
if over > 0 then
  for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, over - 1)) do
    redis.call('ZREM', KEYS[1], member)
    redis.call('HDEL', KEYS[2], member)
  end
end
return 0
`
