const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else cannot exist, and must not reach PostgreSQL (a cast error would be a 500). */
export const isUuid = (value: string) => UUID.test(value);
