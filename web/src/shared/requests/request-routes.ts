// Routes of one request (spec s.2) and the row a list hands to the detail screen as navigation state
// (spec "Analyse goes to the detail route of the request, carrying the request row").
export type RequestType = 'collection' | 'survey';

export const requestDetailPath = (type: RequestType, id: string) => `/admin/request/${type}/detail/${id}`;
export const requestReportPath = (type: RequestType, id: string) => `/request/${type}/report/${id}`;
export const requestCreatePath = (type: RequestType) => `/admin/request/${type}/new`;

/** The High Level Details of a request: what a list row already knows. */
export type RequestRowState = {
  id: string;
  type: RequestType;
  typeName: string;
  title: string;
  description: string;
  keyId: string;
  createdAt: string;
};

export type RequestNavState = { request: RequestRowState };

/** The navigation state a list row hands to the detail screen. */
export function requestNavState(row: RequestRowState & Record<string, unknown>): RequestNavState {
  const { id, type, typeName, title, description, keyId, createdAt } = row;
  return { request: { id, type, typeName, title, description, keyId, createdAt: String(createdAt) } };
}

const STRING_FIELDS = ['id', 'typeName', 'title', 'description', 'keyId', 'createdAt'] as const;

/** The row from navigation state when it is one and names this request; null otherwise (e.g. after a reload). */
export function readRequestRowState(state: unknown, id: string): RequestRowState | null {
  const row = (state as { request?: Record<string, unknown> } | null)?.request;
  if (!row || typeof row !== 'object') return null;
  if (!STRING_FIELDS.every((field) => typeof row[field] === 'string')) return null;
  if (row.type !== 'collection' && row.type !== 'survey') return null;
  if (row.id !== id) return null;
  return row as RequestRowState;
}
