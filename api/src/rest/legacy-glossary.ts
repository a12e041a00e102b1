// What the legacy REST field names of the clean-room routes (/v1/vcr/...) mean, for the OpenAPI
// document: a field whose schema carries no description of its own gets it from here. A name means
// one thing on every route that takes it; where it does not, the entry names the route
// ("<path> <field>"). A description in the field's schema wins over this list.
// Why a list here rather than in the schemas: those routes' schemas name their fields in the
// domain's words (roomId) and legacyNames renames them; the legacy word is this layer's.
const ENTRIES: Record<string, string> = {
  room_id: 'the clean room (a room you own or are a member of)',
  dataset_id: 'the data set, in that room',
  '/v1/vcr/deleteDataSet dataset_id':
    'the data set to delete, or a list of them (an array, or ids separated by commas)',
  dataset1_id: 'the first data set of the join',
  dataset2_id: 'the second data set of the join',
  datasets_array:
    'the data sets to compare: 2 to 10 ids, as a JSON array ("[\\"id1\\",\\"id2\\"]") or separated by commas',
  user_id: 'the member (a user id)',
  '/v1/vcr/updateOwnerSession user_id': 'the owner: your own user id',
  public_key_id: "the member's chosen key (a key id) the sealed key is sealed to",
  encryptedSessionKey: 'the room key sealed to that key: an HPKE envelope, hpke1.<base64 of enc || ciphertext>',
  keys: 'the new room key version, sealed to every member who holds the current one: one entry per member',
  recipients:
    'e-mail addresses to invite, 1 to 10: an array, or one string with the addresses separated by commas, semicolons or spaces',
  invitation_id: 'the invitation (from getInvitations)',
  header: 'the columns, in the order of the row cells: their names and roles',
  'header[].name': 'the column name: letters and digits only (the web app cleans a CSV header to this)',
  'header[].role':
    'clear (stored as it is), join (tokenised for matching, plus a sealed copy) or sealed (encrypted, opened only by those holding its key)',
  chunk_index: 'this chunk, from 0 (default 0)',
  chunk_count: 'how many chunks the data set has (default 1); it appears once all have arrived',
  normalisation_version: 'how join values were normalised before tokenising (default 1, the current version)',
  empty_cells:
    'null (default: an empty sealed or join cell travels as null) or random (as random bytes of the same length, so emptiness does not show)',
  'group_by[].set': 'which data set the column is in: 1 (the first) or 2 (the second of a join)',
  'group_by[].column': 'a clear column of that data set',
  measures: 'what to compute per group: 1 to 8 measures',
  'measures[].fn': 'count, countDistinct, sum, avg, min or max',
  'measures[].column.set': 'which data set the column is in: 1 (the first) or 2 (the second of a join)',
  'measures[].column.column': 'the column, in that data set',
  column_keys: 'the column keys, each sealed to its reader',
  'column_keys[].user_id': 'the member who may read the column',
  'column_keys[].column': 'the sealed column',
  'column_keys[].public_key_id': "the member's chosen key (a key id) the column key is sealed to",
  'column_keys[].sealed_key':
    "the column key sealed to the member's key: an HPKE envelope, hpke1.<base64 of enc || ciphertext>",
  '/v1/vcr/approveAccess request_id': 'the access request (from getAccessRequests)',
  '/v1/vcr/declineAccess request_id': 'the access request (from getAccessRequests)',
};

/** The description of a legacy field: by route and field path, then field path, then name. */
export function glossaryDescription(path: string, fieldPath: string): string | undefined {
  const name =
    fieldPath
      .split(/[.[\]]+/)
      .filter(Boolean)
      .pop() ?? fieldPath;
  return ENTRIES[`${path} ${fieldPath}`] ?? ENTRIES[fieldPath] ?? ENTRIES[name];
}

type JsonSchema = Record<string, unknown>;

/** Fills, in place, the descriptions a route's input schema lacks from the list above. */
export function describeLegacyFields(path: string, schema: JsonSchema, at = ''): void {
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const form of (schema[key] as JsonSchema[] | undefined) ?? []) describeLegacyFields(path, form, at);
  }
  if (schema.items && typeof schema.items === 'object')
    describeLegacyFields(path, schema.items as JsonSchema, `${at}[]`);
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  for (const [name, prop] of Object.entries(props ?? {})) {
    const fieldPath = at ? `${at}.${name}` : name;
    if (!prop.description) {
      const description = glossaryDescription(path, fieldPath);
      if (description) prop.description = description;
    }
    describeLegacyFields(path, prop, fieldPath);
  }
}
