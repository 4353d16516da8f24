import { describe } from 'vitest';
import { MemoryKeyStore } from '../../../api/keys/memory-store.js';
import { keyStoreContract } from './store-contract.js';

describe('MemoryKeyStore', () => {
  keyStoreContract(async () => ({ store: new MemoryKeyStore(), cleanup: async () => {} }));
});
