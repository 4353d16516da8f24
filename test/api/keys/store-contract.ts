/** The behaviour every KeyStore must have; each store's test file runs it against its own world. */
import { beforeEach, afterEach, expect, it } from 'vitest';
import { KeyLabelExistsError, InvalidKeyLabelError } from '../../../api/keys/errors.js';
import { hashKey } from '../../../api/keys/secret.js';
import type { KeyStore } from '../../../api/keys/types.js';

export interface StoreWorld {
  store: KeyStore;
  cleanup(): Promise<void>;
}

export function keyStoreContract(makeWorld: () => Promise<StoreWorld>): void {
  let world: StoreWorld;
  beforeEach(async () => {
    world = await makeWorld();
  });
  afterEach(async () => {
    await world.cleanup();
  });

  it('creates a key whose plaintext is returned once and stored only as its sha256', async () => {
    const { record, plaintext } = await world.store.create('acme', 'standard');
    expect(plaintext).toMatch(/^lt_[A-Za-z0-9_-]{43}$/);
    expect(record).toMatchObject({
      label: 'acme',
      tier: 'standard',
      hash: hashKey(plaintext),
      revoked_at: null,
    });
    expect(Date.parse(record.created_at)).not.toBeNaN();
    expect(JSON.stringify(record)).not.toContain(plaintext);
  });

  it('finds a key by plaintext and by label, and nothing for unknown ones', async () => {
    const { plaintext } = await world.store.create('finder', 'free');
    expect((await world.store.findByPlaintext(plaintext))?.label).toBe('finder');
    expect((await world.store.findByLabel('finder'))?.tier).toBe('free');
    expect(await world.store.findByPlaintext(`${plaintext}x`)).toBeNull();
    expect(await world.store.findByLabel('nobody')).toBeNull();
  });

  it('gives every key a different plaintext', async () => {
    const a = await world.store.create('a', 'free');
    const b = await world.store.create('b', 'free');
    expect(a.plaintext).not.toBe(b.plaintext);
    expect(a.record.hash).not.toBe(b.record.hash);
  });

  it('refuses a duplicate label and a malformed one', async () => {
    await world.store.create('dup', 'free');
    await expect(world.store.create('dup', 'partner')).rejects.toBeInstanceOf(KeyLabelExistsError);
    await expect(world.store.create('has space', 'free')).rejects.toBeInstanceOf(
      InvalidKeyLabelError,
    );
    await expect(world.store.create('', 'free')).rejects.toBeInstanceOf(InvalidKeyLabelError);
    expect((await world.store.list()).map((r) => r.label)).toEqual(['dup']);
  });

  it('revokes a key: it is still found, with revoked_at set, and the label stays taken', async () => {
    const { plaintext } = await world.store.create('gone', 'partner');
    expect(await world.store.revoke('gone')).toBe(true);
    const found = await world.store.findByPlaintext(plaintext);
    expect(found?.revoked_at).not.toBeNull();
    const firstRevocation = found?.revoked_at;
    expect(await world.store.revoke('gone')).toBe(true);
    expect((await world.store.findByLabel('gone'))?.revoked_at).toBe(firstRevocation);
    expect(await world.store.revoke('never-existed')).toBe(false);
    await expect(world.store.create('gone', 'free')).rejects.toBeInstanceOf(KeyLabelExistsError);
  });

  it('removes a key so its plaintext stops resolving and the label can be reused', async () => {
    const { plaintext } = await world.store.create('temp', 'free');
    expect(await world.store.remove('temp')).toBe(true);
    expect(await world.store.findByPlaintext(plaintext)).toBeNull();
    expect(await world.store.remove('temp')).toBe(false);
    const again = await world.store.create('temp', 'standard');
    expect((await world.store.findByPlaintext(again.plaintext))?.tier).toBe('standard');
  });

  it('lists every key by label with no plaintext', async () => {
    const created = [
      await world.store.create('zeta', 'free'),
      await world.store.create('alpha', 'partner'),
      await world.store.create('mid', 'standard'),
    ];
    await world.store.revoke('mid');
    const listed = await world.store.list();
    expect(listed.map((r) => [r.label, r.tier, r.revoked_at !== null])).toEqual([
      ['alpha', 'partner', false],
      ['mid', 'standard', true],
      ['zeta', 'free', false],
    ]);
    const text = JSON.stringify(listed);
    for (const { plaintext } of created) expect(text).not.toContain(plaintext);
  });
}
