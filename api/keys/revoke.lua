-- Marks the label's record revoked, keeping the first revocation time (RedisKeyStore.revoke).
--
-- KEYS[1]  keys:label:<label>   STRING <sha256>
-- KEYS[2]  keys:hash:           the record's name without the hash: it is read here
-- ARGV[1]  revoked_at (ISO time)
-- Reply: 1 revoked (or already revoked), 0 no such label.

local hash = redis.call('GET', KEYS[1])
if not hash then return 0 end
redis.call('HSETNX', KEYS[2] .. hash, 'revoked_at', ARGV[1])
return 1
