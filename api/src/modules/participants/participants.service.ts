import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Participant } from './participant.entity';

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

export class ParticipantsService {
  findByDevice(em: EntityManager, deviceId: string): Promise<Participant | null> {
    return em.findOne(Participant, { deviceId });
  }

  /**
   * The participant for a device, created on its first submission with a stable member id; the
   * wallet is updated to the latest one given. Safe under concurrent first submissions (upsert).
   */
  enrol(tx: EntityManager, deviceId: string, walletAddress: string): Promise<Participant> {
    // a member id collision (32^10 ids) would fail this one submission, which the phone retries
    return tx.upsert(
      Participant,
      // upsert takes plain data: the entity's defaults (id, dates) must be spelled out
      {
        id: randomUUID(),
        deviceId,
        walletAddress,
        memberId: newMemberId(),
        createdAt: new Date(),
        updatedAt: new Date(),
      },
      {
        onConflictFields: ['deviceId'],
        onConflictAction: 'merge',
        onConflictMergeFields: ['walletAddress', 'updatedAt'],
      },
    );
  }
}
