/**
 * Headers between scripts/serve.mjs (the production server) and the application
 * (docs/decisions/0045). serve.mjs keeps its own copies of the names, in scripts/request-log.mjs.
 */

/** Request header: the request's id, made by serve.mjs (or taken from a trusted proxy). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Response header: the store an answer is for, for serve.mjs's log line. Internal: serve.mjs
 * reads it and removes it before the answer leaves.
 */
export const STORE_HEADER = 'x-storefront-store';
