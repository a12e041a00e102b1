import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

/**
 * A phone-app participant, known by the device id the app generates and the wallet it is paid
 * to. The member id is the stable public name requesters see next to responses.
 */
@Entity({ tableName: 'participants' })
export class Participant {
  [OptionalProps]?: 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100, unique: true })
  deviceId!: string;

  @Property({ type: 'string', length: 12, unique: true })
  memberId!: string;

  // the wallet of the latest submission (each submission keeps its own)
  @Property({ type: 'string', length: 42 })
  walletAddress!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
