import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, forbidden, notFound } from '../../shared/errors';
import { Dataset } from '../datasets/dataset.entity';
import type { DatasetsService } from '../datasets/datasets.service';
import { Notification } from '../notifications/notification.entity';
import type { NotificationsService } from '../notifications/notifications.service';
import { RoomMember } from '../rooms/room.entity';
import type { RoomsService } from '../rooms/rooms.service';
import type { User } from '../users/user.entity';
import { AccessRequest, ColumnGrant } from './access-request.entity';
import type { PrivacyService } from '../privacy/privacy.service';
import type {
  AccessRequestCommand,
  ApproveCommand,
  ColumnRoleCommand,
  PrivacyCommand,
  DeclineCommand,
  GrantCommand,
  RuleCommand,
} from './analyses.schemas';
import type { AnalysesService } from './analyses.service';
import { checkRowLevelReport, isPartnerSet, withheldColumns } from './analysis-rules';
import type { AuditService } from './audit.service';
import { grantKeys, keysToSeal, saveGrant, STANDING, type GrantDeps, type KeyToSeal } from './column-grants';
import { setColumnRole, updatePrivacy, updateRule, type RulesDeps } from './dataset-rules';
import { listWords, reportWords } from './condition-words';
import { conditionJson, type ConditionNode } from './join-condition';

export const requestScope = (requestId: string) => `request:${requestId}`;

const NOTIFICATION_MAX = 500;
const clip = (text: string) => (text.length > NOTIFICATION_MAX ? `${text.slice(0, NOTIFICATION_MAX - 1)}…` : text);

/**
 * The uploader's side of the analysis rules: changing a data set's rule, sealing the keys of
 * columns it shares (CRYPTO.md s.5b), and deciding the access requests of partners who want more
 * than the rule allows. Every step goes to the room's audit log.
 */
export class AccessService {
  constructor(
    private readonly rooms: RoomsService,
    private readonly datasets: DatasetsService,
    private readonly analyses: AnalysesService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly privacy: PrivacyService,
  ) {}

  private async ownSet(em: EntityManager, user: User, roomId: string, datasetId: string, what: string) {
    const set = await this.datasets.get(em, user, roomId, datasetId);
    if (set.uploadedBy.id !== user.id) throw forbidden(`Only the uploader of "${set.name}" can ${what}`);
    return set;
  }

  /** The uploader's set, locked for a change and read afresh under the lock. */
  private async lockedOwnSet(tx: EntityManager, user: User, roomId: string, datasetId: string, what: string) {
    const set = await this.ownSet(tx, user, roomId, datasetId, what);
    await tx.execute('select id from vcr_datasets where id = ? for update', [set.id]);
    await tx.refresh(set);
    return set;
  }

  private get rules(): RulesDeps {
    return {
      audit: this.audit,
      lockedOwnSet: (tx, user, roomId, datasetId, what) => this.lockedOwnSet(tx, user, roomId, datasetId, what),
    };
  }
  private get grants(): GrantDeps {
    return {
      rooms: this.rooms,
      ownSet: (em, user, roomId, datasetId, what) => this.ownSet(em, user, roomId, datasetId, what),
    };
  }

  /** The uploader changes partner access, k or the shared columns (dataset-rules.ts). */
  updateRule(em: EntityManager, user: User, input: RuleCommand): Promise<Dataset> {
    return updateRule(this.rules, em, user, input);
  }

  /** The uploader changes the roles of columns (dataset-rules.ts). */
  setColumnRole(em: EntityManager, user: User, input: ColumnRoleCommand): Promise<Dataset> {
    return setColumnRole(this.rules, em, user, input);
  }

  /** The uploader changes the set's differential privacy (dataset-rules.ts). */
  updatePrivacy(em: EntityManager, user: User, input: PrivacyCommand): Promise<Dataset> {
    return updatePrivacy(this.rules, em, user, input);
  }

  /** Column keys the uploader's browser still has to seal to members (column-grants.ts). */
  keysToSeal(em: EntityManager, user: User, roomId: string): Promise<KeyToSeal[]> {
    return keysToSeal(this.grants, em, user, roomId);
  }

  /** The uploader's browser hands over column keys sealed to members (column-grants.ts). */
  grantKeys(em: EntityManager, user: User, input: GrantCommand): Promise<number> {
    return grantKeys(this.grants, em, user, input);
  }

  /** A data set's privacy budget and spending: every partner's for its uploader, your own for a partner. */
  async privacySpend(em: EntityManager, user: User, roomId: string, datasetId: string) {
    const set = await this.datasets.get(em, user, roomId, datasetId);
    return this.privacy.spending(em, user, set);
  }

  /**
   * A partner asks for one report the rule does not allow: another member's set alone, or a join
   * of the partner's own set with it, with withheld columns. The uploader is notified.
   */
  async request(em: EntityManager, user: User, input: AccessRequestCommand): Promise<AccessRequest> {
    const { room } = await this.rooms.access(em, user, input.roomId);
    const ids = input.datasetIds;
    if (new Set(ids).size !== ids.length) throw badInput('datasetIds: a join needs two different data sets');
    let sets: Dataset[];
    let tree: ConditionNode | null = null;
    if (ids.length === 2) {
      if (input.condition === undefined || input.condition === null)
        throw badInput('condition: a join needs its condition');
      const pair = await this.analyses.pair(em, user, room.id, ids[0], ids[1], input.condition);
      sets = [pair.setA, pair.setB];
      tree = pair.tree;
    } else {
      if (input.condition !== undefined && input.condition !== null)
        throw badInput('condition: a report of one data set takes no condition');
      sets = [await this.datasets.get(em, user, room.id, ids[0])];
    }
    const targets = sets.filter((s) => isPartnerSet(s, user.id));
    if (targets.length === 0) throw badInput('These are your own data sets: you need nobody’s approval');
    if (targets.length > 1) throw badInput('Ask for one data set of another member, alone or joined with your own');
    const target = targets[0];
    const withheld = withheldColumns(target, user.id);
    const columns = [...new Set(input.columns)].map((name, i) => {
      const column = target.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
      if (!column) throw badInput(`columns.${i}: "${target.name}" has no column "${name}"`);
      if (!withheld.includes(column)) throw badInput(`columns.${i}: ${column.name} is shared with you already`);
      return column.name;
    });
    let allowed = true;
    try {
      checkRowLevelReport(user.id, sets);
    } catch {
      allowed = false;
    }
    if (allowed && !columns.length)
      throw badInput('The rules allow this report already: get it without asking (or ask for withheld columns)');
    const description = `${reportWords({ 1: sets[0].name, 2: sets[1]?.name }, tree)}${
      columns.length ? `, with the withheld column${columns.length === 1 ? '' : 's'} ${listWords(columns)}` : ''
    }`;
    return em.transactional(async (tx) => {
      // each request notifies the uploader: the in-app notification limits apply
      await this.notifications.countSent(tx, user.id, [target.uploadedBy.id]);
      const request = tx.create(AccessRequest, {
        room: room.id,
        requester: user,
        dataset: target,
        otherDataset: sets.find((s) => s !== target) ?? null,
        datasetIds: sets.map((s) => s.id),
        condition: tree ? conditionJson(input.condition) : null,
        columns,
        reason: input.reason,
        description,
      });
      tx.create(Notification, {
        recipient: target.uploadedBy,
        sender: user,
        text: clip(
          `${user.nickname} asks for access to ${target.name} in the clean room "${room.name}": ${description}`,
        ),
      });
      await this.audit.record(
        tx,
        {
          roomId: room.id,
          actor: user,
          action: 'access-requested',
          sets,
          description: `Asked for ${description}. Reason: ${input.reason}`,
        },
        false,
      );
      await tx.flush();
      return request;
    });
  }

  /** Requests the caller made or must decide, newest first. */
  async list(em: EntityManager, user: User, roomId: string): Promise<AccessRequest[]> {
    const { room } = await this.rooms.access(em, user, roomId);
    return em.find(
      AccessRequest,
      { room, $or: [{ requester: user }, { dataset: { uploadedBy: user } }] },
      { populate: ['requester', 'dataset', 'dataset.uploadedBy'], orderBy: { createdAt: 'desc', id: 'asc' } },
    );
  }

  private async decide(tx: EntityManager, user: User, roomId: string, requestId: string) {
    const { room } = await this.rooms.access(tx, user, roomId);
    await tx.execute('select id from vcr_access_requests where id = ? for update', [requestId]);
    const request = await tx.findOne(
      AccessRequest,
      { id: requestId, room },
      { populate: ['dataset', 'requester'], refresh: true },
    );
    if (!request) throw notFound('Access request');
    if (request.dataset.uploadedBy.id !== user.id)
      throw forbidden(`Only the uploader of "${request.dataset.name}" decides this request`);
    if (request.status !== 'open') throw conflict(`This request was ${request.status} already`);
    return { room, request };
  }

  /**
   * The uploader approves: exactly the report asked for, once. The keys of requested columns
   * sealed with the data set's secret come sealed to the requester's room key (the uploader's
   * browser did it); the server hands the requester those columns in that report only.
   */
  async approve(em: EntityManager, user: User, input: ApproveCommand): Promise<AccessRequest> {
    return em.transactional(async (tx) => {
      const { room, request } = await this.decide(tx, user, input.roomId, input.requestId);
      const set = request.dataset;
      const needKeys = request.columns.filter(
        (name) => set.columns.find((c) => c.name === name)?.sealing === 'dataset',
      );
      const given = new Map(input.columnKeys.map((k) => [k.column, k.sealedKey]));
      for (const name of given.keys())
        if (!needKeys.includes(name))
          throw badInput(`columnKeys: ${name} is not a requested column sealed with the data set's secret`);
      const missing = needKeys.filter((name) => !given.has(name));
      if (missing.length)
        throw badInput(`columnKeys: seal the key of ${listWords(missing)} to the requester's room key`);
      if (needKeys.length) {
        const member = await tx.findOne(RoomMember, { room, user: request.requester });
        if (!member?.publicKeyId) throw conflict('The requester has no room key yet');
        for (const name of needKeys) await saveGrant(tx, set, name, member, requestScope(request.id), given.get(name)!);
      }
      request.status = 'approved';
      request.decidedAt = new Date();
      tx.create(Notification, {
        recipient: request.requester,
        sender: user,
        text: clip(`${user.nickname} approved your access request in "${room.name}": ${request.description}`),
      });
      await this.audit.record(
        tx,
        {
          roomId: room.id,
          actor: user,
          action: 'access-approved',
          sets: await this.requestSets(tx, request),
          description: `Approved ${request.requester.nickname}'s request for ${request.description}`,
        },
        false,
      );
      await tx.flush();
      return request;
    });
  }

  async decline(em: EntityManager, user: User, input: DeclineCommand): Promise<AccessRequest> {
    return em.transactional(async (tx) => {
      const { room, request } = await this.decide(tx, user, input.roomId, input.requestId);
      request.status = 'declined';
      request.decidedAt = new Date();
      request.decisionNote = input.note || null;
      tx.create(Notification, {
        recipient: request.requester,
        sender: user,
        text: clip(
          `${user.nickname} declined your access request in "${room.name}": ${request.description}${input.note ? `. ${input.note}` : ''}`,
        ),
      });
      await this.audit.record(
        tx,
        {
          roomId: room.id,
          actor: user,
          action: 'access-declined',
          sets: await this.requestSets(tx, request),
          description: `Declined ${request.requester.nickname}'s request for ${request.description}${input.note ? `. ${input.note}` : ''}`,
        },
        false,
      );
      await tx.flush();
      return request;
    });
  }

  private async requestSets(em: EntityManager, request: AccessRequest) {
    return em
      .find(Dataset, { id: { $in: request.datasetIds } })
      .then((found) => request.datasetIds.flatMap((id) => found.filter((d) => d.id === id)));
  }

  /**
   * The approved request a report is made from (the caller's, in this room), locked until the
   * report's transaction ends: one approval makes one report.
   */
  async lockApproval(tx: EntityManager, user: User, roomId: string, requestId: string): Promise<AccessRequest> {
    await tx.execute('select id from vcr_access_requests where id = ? for update', [requestId]);
    const request = await tx.findOne(
      AccessRequest,
      { id: requestId, room: roomId, requester: user },
      { refresh: true },
    );
    if (!request) throw notFound('Access request');
    if (request.status === 'open') throw conflict('This access request waits for the uploader’s decision');
    if (request.status === 'declined') throw forbidden('This access request was declined');
    if (request.status === 'used') throw conflict('This access request was used for a report already');
    return request;
  }

  /** The column keys `user` holds for columns of `set` sealed with its secret (standing, or for one request). */
  async grantsFor(em: EntityManager, user: User, setId: string, requestId: string | null): Promise<ColumnGrant[]> {
    const scopes = requestId ? [STANDING, requestScope(requestId)] : [STANDING];
    return em.find(ColumnGrant, { dataset: setId, grantee: user, scope: { $in: scopes } });
  }
}
