-- Deletes the label, its record and its membership of the set (RedisKeyStore.remove).
--
-- KEYS[1]  keys:label:<label>   STRING <sha256>
-- KEYS[2]  keys:hash:           the record's name without the hash: it is read here
-- KEYS[3]  keys:all             SET    of <sha256>
-- Reply: 1 removed, 0 no such label.

local hash = redis.call('GET', KEYS[1])
if not hash then return 0 end
redis.call('DEL', KEYS[1], KEYS[2] .. hash)
redis.call('SREM', KEYS[3], hash)
return 1
