/**
 * Runs once when the server starts, before it takes requests: checks the configuration, migrates
 * the database and seeds the demo data. A bad configuration stops the start with a message that
 * names the variable.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { boot } = await import('./server-boot');
  await boot();
}
