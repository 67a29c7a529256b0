import { EnvError, parseEnv } from '../src/lib/env';

/** Stops `npm start` with a message naming each bad variable, before anything else runs. */
try {
  const env = parseEnv(process.env);
  console.log(`configuration ok: port ${env.PORT}, database ${env.DATABASE_URL.split('://')[0]}`);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
