/**
 * The product's clock. Every rule about time (session lifetimes, expiries, renewals, jobs) reads
 * it instead of Date.now(), so that tests move time forward instead of waiting for it.
 */
export function now(): Date {
  return new Date();
}
