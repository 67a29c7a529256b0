import 'server-only';

/**
 * The hosts service the routes call. For now the claims' storage and their rules share
 * hosts-repository.server.ts; splitting the drizzle reads out of the rules is left to do.
 */
export {
  addHost,
  isServedHost,
  listHosts,
  removeHost,
  servedHosts,
  verifyHost,
} from './hosts-repository.server';
