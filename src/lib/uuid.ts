const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a uuid as the database stores ids; anything else names no row. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
