import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The house rules of docs/decisions/0051: features sit in layers and import only from lower
 * layers (so features form no cycle); a feature's repositories are its own; drizzle-orm is for
 * repositories, src/lib/db and seeds; services never see next/server. Written once here: the
 * zones below are generated from these lists.
 */
export const FEATURE_LAYERS = [
  ['site-version', 'theme'],
  ['pricing'],
  ['tenancy', 'activity'],
  ['mail', 'catalog', 'session', 'billing'],
  // Who calls, with which role: over the session, under every feature that acts for an account.
  ['access'],
  ['cart', 'orders', 'payments'],
  ['auth', 'invoices', 'services'],
  // Zones of the domains sold, kept in PowerDNS: over services, under the purchase that makes them.
  ['dns'],
  ['purchase'],
  ['shop', 'checkout'],
  ['renewals'],
  ['shell', 'seo', 'monitoring', 'demo', 'dashboard'],
  // A reseller's own admin: over everything a store sells, as the dashboard is for a customer.
  ['store-admin'],
];

const features = FEATURE_LAYERS.flat();
const onDisk = readdirSync(new URL('./src/features', import.meta.url));
const unplaced = onDisk.filter((f) => !features.includes(f));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.mjs: place these features in FEATURE_LAYERS: ${unplaced}`);
}

const dir = (feature) => `./src/features/${feature}`;

/** A feature may import from lower layers only: nothing of its own layer or above. */
const layerZones = FEATURE_LAYERS.flatMap((layer, index) => {
  const higherOrSame = FEATURE_LAYERS.slice(index).flat();
  return layer
    .map((feature) => ({
      target: dir(feature),
      from: higherOrSame.filter((other) => other !== feature).map(dir),
      message: `features/${feature} may import only features of lower layers (eslint.config.mjs FEATURE_LAYERS).`,
    }))
    // The top layer's only feature has nothing above it to keep out.
    .filter((zone) => zone.from.length > 0);
});

/** A feature's repositories are imported inside that feature only; others ask its services. */
const repositoryZones = features.map((feature) => ({
  target: ['./src/app', './src/lib', ...features.filter((f) => f !== feature).map(dir)],
  from: `${dir(feature)}/**/*-repository.server.ts`,
  message: `Only features/${feature} uses its repositories; call one of its services instead.`,
}));

/**
 * A feature's look is its own: another feature may use its exported components (along the
 * layers) but never its CSS modules. What every feature draws with (fields, buttons, the form
 * hook) lives in src/components, which imports no feature (docs/decisions/0156).
 */
const styleZones = features.map((feature) => ({
  target: dir(feature),
  from: features.filter((f) => f !== feature).map((f) => `${dir(f)}/**/*.module.css`),
  message: `features/${feature} may not use another feature's CSS: shared looks live in src/components.`,
}));

/** A module not marked 'use client': code that runs on the server (esquery, for no-restricted-syntax). */
const SERVER_CODE = "Program:not(:has(> ExpressionStatement[directive='use client']))";

const NO_APP = { group: ['@/app/*'], message: 'Nothing imports from app/.' };
const NO_FEATURES = {
  group: ['@/features/*'],
  message: 'lib/ has no business rules: it imports no feature.',
};
const NO_FEATURES_IN_COMPONENTS = {
  group: ['@/features/*'],
  message: 'src/components is shared by every feature: it imports none (docs/decisions/0156).',
};
const NO_DRIZZLE = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories (*-repository.server.ts), src/lib/db and seeds use drizzle-orm.',
};
const NO_NEXT_SERVER = {
  group: ['next/server'],
  message:
    'Services take plain values: the route reads the request and writes the response (src/lib/http).',
};
/**
 * Next loads some modules once per bundle, and a class from one copy is not another's: an error
 * that decides an answer is told apart by its code or brand (isApiError, hasErrorCode), never by
 * `instanceof` its class (docs/decisions/0120). Error itself is one per process, and allowed.
 */
const NO_INSTANCEOF_ERROR_CLASS = {
  selector:
    "BinaryExpression[operator='instanceof'][right.type='Identifier'][right.name=/^(?!Error$).*Error$/], BinaryExpression[operator='instanceof'][right.type='MemberExpression'][right.property.name=/Error$/]",
  message:
    'Decide by the error’s code or brand (isApiError, hasErrorCode), not instanceof its class: Next loads some modules twice (docs/decisions/0120).',
};
/** Next's insides are not an interface: they change in any release (docs/decisions/0190). */
const NO_NEXT_DIST = {
  group: ['next/dist', 'next/dist/*'],
  message: 'Use Next’s documented interfaces (next/cache, next.config options), never next/dist.',
};
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [NO_NEXT_DIST, ...patterns] }],
});

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
  { rules: restrict() },
  {
    rules: {
      // Configuration is read in one place (src/lib/env.ts); see docs/contract/architecture.md
      // "Habits".
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through src/lib/env.ts.',
        },
      ],
    },
  },
  {
    files: ['src/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones, ...repositoryZones, ...styleZones] },
      ],
      ...restrict(NO_APP, NO_DRIZZLE),
    },
  },
  { files: ['src/features/**'], rules: restrict(NO_APP, NO_DRIZZLE, NO_NEXT_SERVER) },
  { files: ['src/**'], rules: { 'no-restricted-syntax': ['error', NO_INSTANCEOF_ERROR_CLASS] } },
  // Every store page sits under the dynamic [host] segment, so Next's prefetch of a link brings
  // back no content, only work: a long task on a slow phone and a request per link while the page
  // is still starting (docs/decisions/0114).
  {
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_INSTANCEOF_ERROR_CLASS,
        {
          selector:
            "JSXOpeningElement[name.name='Link']:not(:has(JSXAttribute[name.name='prefetch']))",
          message: 'Give a store link prefetch={false} (docs/decisions/0114).',
        },
      ],
    },
  },
  // Time has one source: business time is now() from src/lib/clock.ts, which a test clock moves;
  // elapsed time is performance.now(); the real time, where it is meant, realNow() there
  // (docs/decisions/0151). Server code only: a component marked 'use client' keeps the visitor's
  // own time; every other component is rendered on the server and is held to the rule. The Link
  // rule above is repeated because a later block replaces a rule's options.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/lib/clock.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='Link']:not(:has(JSXAttribute[name.name='prefetch']))",
          message: 'Give a store link prefetch={false} (docs/decisions/0114).',
        },
        {
          selector: `${SERVER_CODE} MemberExpression[object.name='Date'][property.name='now']`,
          message:
            'Read the time with now() from src/lib/clock.ts; measure elapsed time with performance.now() (docs/decisions/0151).',
        },
        {
          selector: `${SERVER_CODE} NewExpression[callee.name='Date'][arguments.length=0]`,
          message:
            'Read the time with now() from src/lib/clock.ts; measure elapsed time with performance.now() (docs/decisions/0151).',
        },
      ],
    },
  },
  { files: ['src/lib/**'], rules: restrict(NO_APP, NO_FEATURES, NO_DRIZZLE, NO_NEXT_SERVER) },
  {
    files: ['src/components/**'],
    rules: restrict(NO_APP, NO_FEATURES_IN_COMPONENTS, NO_DRIZZLE, NO_NEXT_SERVER),
  },
  // HTTP plumbing: reading requests and writing responses is what it is for.
  { files: ['src/lib/http/**'], rules: restrict(NO_APP, NO_FEATURES, NO_DRIZZLE) },
  {
    files: ['src/lib/db/**', 'src/lib/**/*-repository.server.ts'],
    rules: restrict(NO_APP, NO_FEATURES, NO_NEXT_SERVER),
  },
  {
    files: ['src/features/**/*-repository.server.ts', 'src/features/**/*-seed.server.ts'],
    rules: restrict(NO_APP, NO_NEXT_SERVER),
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
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      ...restrict(),
      'import-x/no-restricted-paths': 'off',
      // A test loads each module once: its own error classes are safe to check.
      'no-restricted-syntax': 'off',
    },
  },
]);
