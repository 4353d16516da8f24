-- One call per request: the key record, its revocation, the daily quota and the sliding
-- burst window, read and (when allowed) counted atomically on Redis's own clock, so API
-- processes on skewed clocks agree and a revocation is seen by the very next request.
-- Loaded with ioredis defineCommand (luaCommand in api/redis.ts); sent by EVALSHA.
--
-- KEYS[1]  keys:hash:<sha256>    HASH  label, tier, hash, created_at[, revoked_at]
-- KEYS[2]  usage:quota:<sha256>  HASH  day (days since epoch, UTC), used
-- KEYS[3]  usage:burst:<sha256>  ZSET  one member per counted request, scored by its time in ms
-- ARGV[1]  'lookup' (key only), 'peek' (key and usage) or 'consume' (key, usage, count it)
-- ARGV[2]  the tier, when the caller already knows it ('' = read KEYS[1] and use its tier)
-- ARGV[3]  burst window in ms
-- ARGV[4]  a unique member for this request in the burst window
-- ARGV[5]  now in epoch ms ('' = the Redis server's TIME; tests pin it)
-- ARGV[6..] tier name, daily quota, burst limit; once per tier
--
-- Reply: {status, label, tier, hash, created_at, revoked_at, allowed, reason, used, inWindow, retryAfter}
--   status 0 unknown key, 1 revoked, 2 known and live; the record fields are '' when not read;
--   reason 0 none, 1 quota_exceeded, 2 rate_limit_exceeded; retryAfter in seconds (refusals only).

local mode = ARGV[1]
local tier = ARGV[2]
local label, hash, created, revoked = '', '', '', ''

if tier == '' then
  local fields = redis.call('HMGET', KEYS[1], 'label', 'tier', 'hash', 'created_at', 'revoked_at')
  if not fields[1] or not fields[3] then return {0} end
  label, tier, hash, created = fields[1], fields[2] or '', fields[3], fields[4] or ''
  if fields[5] then revoked = fields[5] end
end

local quota, burst
for i = 6, #ARGV, 3 do
  if ARGV[i] == tier then
    quota = tonumber(ARGV[i + 1])
    burst = tonumber(ARGV[i + 2])
  end
end
-- A record with a tier this version does not know cannot be limited correctly: unknown key.
if not quota then return {0} end
if revoked ~= '' then return {1, label, tier, hash, created, revoked} end
if mode == 'lookup' then return {2, label, tier, hash, created, ''} end

local windowMs = tonumber(ARGV[3])
local now
if ARGV[5] ~= '' then
  now = tonumber(ARGV[5])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local day = math.floor(now / 86400000)
local untilMidnight = (day + 1) * 86400000 - now

local used = 0
local stored = redis.call('HMGET', KEYS[2], 'day', 'used')
if stored[1] and tonumber(stored[1]) == day then used = tonumber(stored[2]) or 0 end

redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - windowMs)
local inWindow = redis.call('ZCARD', KEYS[3])

if used >= quota then
  return {2, label, tier, hash, created, '', 0, 1, used, inWindow, math.max(1, math.ceil(untilMidnight / 1000))}
end
if inWindow >= burst then
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  return {2, label, tier, hash, created, '', 0, 2, used, inWindow, math.max(1, math.ceil((tonumber(oldest[2]) + windowMs - now) / 1000))}
end
if mode == 'consume' then
  used = used + 1
  redis.call('HSET', KEYS[2], 'day', day, 'used', used)
  -- Relative expiry, so a test clock in the past does not delete the counter at once.
  redis.call('PEXPIRE', KEYS[2], untilMidnight + 3600000)
  redis.call('ZADD', KEYS[3], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[3], windowMs + 1000)
  inWindow = inWindow + 1
end
return {2, label, tier, hash, created, '', 1, 0, used, inWindow, 0}
