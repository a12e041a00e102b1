import { MICROS, type Dataset } from './dataset.entity';
import { partnerRoleOf } from './partner-roles';
import { DP_MECHANISM } from '../../../../shared/wire-format';

/**
 * Entity -> API shape, shared by GraphQL and REST. The data set's sealed secret goes to its
 * uploader only (it opens only with the uploader's private key anyway).
 */
export const toDataset = (d: Dataset, viewerId: string) => {
  const mine = d.uploadedBy.id === viewerId;
  return {
    id: d.id,
    roomId: d.room.id,
    name: d.name,
    filtered: d.columns
      .filter((c) => c.role === 'clear')
      .map((c) => c.name)
      .join(','),
    columns: d.columns.map((c) => ({
      name: c.name,
      role: c.role,
      domain: c.domain,
      kind: c.kind,
      padBucket: c.padBucket,
      shared: c.shared,
      sealing: c.sealing,
      partnerRole: partnerRoleOf(c),
      lower: c.lower ?? null,
      upper: c.upper ?? null,
    })),
    rowCount: d.rowCount,
    keyVersion: d.keyVersion,
    normalisationVersion: d.normalisationVersion,
    emptyCells: d.emptyCells,
    status: d.status,
    uploadedBy: d.uploadedBy.id,
    mine,
    partnerAccess: d.partnerAccess,
    minGroupSize: d.minGroupSize,
    privacy: {
      enabled: d.differentialPrivacy,
      budget: d.budgetMicros / MICROS,
      queryCost: d.queryCostMicros / MICROS,
      mechanism: DP_MECHANISM,
    },
    sealedSecret: mine ? (d.sealedSecret ?? null) : null,
    secretKeyId: mine ? (d.secretKeyId ?? null) : null,
    createdAt: d.createdAt,
  };
};
