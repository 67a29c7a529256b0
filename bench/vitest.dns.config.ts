import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../vitest.config';

/** `npx vitest run --config bench/vitest.dns.config.ts`: the DNS benchmark (bench/dns.bench.ts). */
export default mergeConfig(
  base,
  defineConfig({
    test: { include: ['bench/dns.bench.ts'], testTimeout: 1_800_000, hookTimeout: 600_000 },
  }),
);
