import type { AccessRequest } from './access-request.entity';
import type { AuditEntry } from './audit.service';
import type { Report } from './report.entity';

// Entity -> API shapes, shared by GraphQL and REST.
export const toReport = (r: Omit<Report, 'result'> & { result?: unknown }, withResult = true) => ({
  id: r.id,
  roomId: r.room.id,
  datasetIds: r.datasetIds,
  datasetCount: r.datasetCount,
  rowCount: r.rowCount,
  description: r.description,
  accessRequestId: r.accessRequestId ?? null,
  condition: r.condition ?? null,
  result: withResult ? (r.result ?? null) : null,
  chargeReference: r.chargeReference,
  createdAt: r.createdAt,
});

export const toAccessRequest = (r: AccessRequest, viewerId: string) => ({
  id: r.id,
  roomId: r.room.id,
  requesterId: r.requester.id,
  requesterName: r.requester.nickname || r.requester.username,
  datasetId: r.dataset.id,
  datasetName: r.dataset.name,
  datasetIds: r.datasetIds,
  columns: r.columns,
  reason: r.reason,
  description: r.description,
  status: r.status,
  decisionNote: r.decisionNote ?? null,
  decidedAt: r.decidedAt ?? null,
  reportId: r.reportId ?? null,
  mine: r.requester.id === viewerId,
  toDecide: r.dataset.uploadedBy.id === viewerId,
  createdAt: r.createdAt,
});

export const toAuditEvent = ({ event, count, hidden }: AuditEntry) => ({
  id: event.id,
  actorId: event.actor.id,
  actorName: event.actor.nickname || event.actor.username,
  action: event.action,
  datasetIds: event.datasetIds,
  datasetNames: event.datasetNames,
  description: event.description,
  count,
  unit: event.outcome?.unit ?? null,
  hidden,
  createdAt: event.createdAt,
});
