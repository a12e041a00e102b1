import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Participant } from './participant.entity';
import { preparedQuery } from '../../db/sql';

/**
 * The phone app's own random id for this installation. Anyone who knows it can act as that device
 * (the legacy API has no participant login), so apps must generate an unguessable one.
 */
export const deviceIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, 'deviceId must be 8-100 letters, digits or . _ : -')
  .describe(
    "the phone's own stable id, 8 to 100 letters, digits or . _ : - (one response per device and request; it names the participant's member id)",
  );

// 10 characters from an alphabet without look-alikes: what requesters see as "Member ID"
const MEMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newMemberId = () => Array.from(randomBytes(10), (b) => MEMBER_ALPHABET[b % MEMBER_ALPHABET.length]).join('');

type ParticipantRow = { [column: `p:${string}`]: unknown };

export class ParticipantsService {
  findByDevice(em: EntityManager, deviceId: string): Promise<Participant | null> {
    return em.findOne(Participant, { deviceId });
  }

  /**
   * The participant for a device, created on its first submission with a stable member id; the
   * wallet is updated to the latest one given. Safe under concurrent first submissions (upsert).
   */
  async enrol(tx: EntityManager, deviceId: string, walletAddress: string): Promise<Participant> {
    return (await this.enrolAnd(tx, deviceId, walletAddress, 'null as "none"', [])).participant;
  }

  /**
   * enrol(), and in the same statement `select`: columns the caller computes over the participant
   * row `p` (e.g. whether it answered a request already), returned as `also`. One round trip where
   * a submission would otherwise spend two; the ORM's upsert also costs several times its CPU.
   */
  async enrolAnd<T extends object>(
    tx: EntityManager,
    deviceId: string,
    walletAddress: string,
    select: string,
    params: unknown[],
    // joined to `p` (e.g. the request answered), for the columns of `select`
    join?: { sql: string; params: unknown[] },
  ): Promise<{ participant: Participant; also: T }> {
    // a member id collision (32^10 ids) would fail this one submission, which the phone retries
    const [row] = await preparedQuery<ParticipantRow & T>(
      tx,
      `with p as (
         insert into participants (id, device_id, wallet_address, member_id, created_at, updated_at)
         values (?, ?, ?, ?, now(), now())
         on conflict (device_id) do update set wallet_address = excluded.wallet_address, updated_at = excluded.updated_at
         returning *)
       select p.id as "p:id", p.device_id as "p:device_id", p.wallet_address as "p:wallet_address",
              p.member_id as "p:member_id", p.created_at as "p:created_at", p.updated_at as "p:updated_at", ${select}
         from p ${join?.sql ?? ''}`,
      [randomUUID(), deviceId, walletAddress, newMemberId(), ...params, ...(join?.params ?? [])],
    );
    const own: Record<string, unknown> = {};
    const also: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (k.startsWith('p:')) own[k.slice(2)] = v;
      else also[k] = v;
    }
    return { participant: tx.map(Participant, own), also: also as T };
  }
}
