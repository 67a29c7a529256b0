import { EnvError, parseEnv } from '../src/lib/env';
import { readBootstrapFile } from '../src/features/catalog/server/rdap-provider.server';

/** Stops `npm start` with a message naming each bad variable, before anything else runs. */
try {
  const env = parseEnv(process.env);
  // A bootstrap file that cannot be read would fail every search: it stops the start instead.
  if (env.AVAILABILITY_PROVIDER === 'rdap' && env.RDAP_BOOTSTRAP_FILE) {
    try {
      readBootstrapFile(env.RDAP_BOOTSTRAP_FILE);
    } catch (error) {
      console.error(`Invalid configuration:\n  - ${(error as Error).message}`);
      process.exit(1);
    }
  }
  console.log(`configuration ok: port ${env.PORT}, database ${env.DATABASE_URL.split('://')[0]}`);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
