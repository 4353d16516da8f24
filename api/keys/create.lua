-- Creates a key record unless its label is taken (RedisKeyStore.create).
--
-- KEYS[1]  keys:label:<label>   STRING <sha256>
-- KEYS[2]  keys:hash:<sha256>   HASH   label, tier, hash, created_at
-- KEYS[3]  keys:all             SET    of <sha256>
-- ARGV     hash, label, tier, created_at
-- Reply: 1 created, 0 the label exists.

if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[2], 'label', ARGV[2], 'tier', ARGV[3], 'hash', ARGV[1], 'created_at', ARGV[4])
redis.call('SADD', KEYS[3], ARGV[1])
return 1
