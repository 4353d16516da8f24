import { describe } from 'vitest';
import { MemoryUsageCounter } from '../../../api/limits/memory-counter.js';
import { usageCounterContract } from './counter-contract.js';

describe('MemoryUsageCounter', () => {
  usageCounterContract(async (options) => ({
    counter: new MemoryUsageCounter(options),
    cleanup: async () => {},
  }));
});
