import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next*/**',
    '.next/**',
    'node_modules/**',
    '.data/**',
    'drizzle/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
  {
    rules: {
      // Configuration is read in one place (src/lib/env.ts); see ARCHITECTURE.md "Habits".
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through src/lib/env.ts.',
        },
      ],
      // Import direction: lib -> features -> app.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/app/*'], message: 'Nothing imports from app/.' }] },
      ],
    },
  },
  {
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'lib/ has no business rules: it imports no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/lib/env.ts',
      'src/instrumentation.ts',
      'scripts/**',
      'bench/**',
      'tests/**',
      '*.config.ts',
      '*.config.mjs',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['tests/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-imports': 'off' },
  },
]);
