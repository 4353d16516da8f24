-- Restores a record from a backup or the key file: never over an existing label or hash
-- (RedisKeyStore.importRecord).
--
-- KEYS[1]  keys:label:<label>   STRING <sha256>
-- KEYS[2]  keys:hash:<sha256>   HASH   label, tier, hash, created_at[, revoked_at]
-- KEYS[3]  keys:all             SET    of <sha256>
-- ARGV     hash, label, tier, created_at, revoked_at ('' = live)
-- Reply: 1 imported, 0 the label or the hash exists.

if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[2], 'label', ARGV[2], 'tier', ARGV[3], 'hash', ARGV[1], 'created_at', ARGV[4])
if ARGV[5] ~= '' then redis.call('HSET', KEYS[2], 'revoked_at', ARGV[5]) end
redis.call('SADD', KEYS[3], ARGV[1])
return 1
