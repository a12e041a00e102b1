import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Dataset } from '../datasets/dataset.entity';
import { User } from '../users/user.entity';

/**
 * What one partner has spent of a differentially private data set's budget, in micro-epsilon.
 * Spending is one conditional upsert (privacy.service.ts), so parallel answers never overspend.
 */
@Entity({ tableName: 'vcr_privacy_spend' })
export class PrivacySpend {
  [OptionalProps]?: 'spentMicros' | 'updatedAt';

  @ManyToOne(() => Dataset, { deleteRule: 'cascade', primary: true })
  dataset!: Dataset;

  @ManyToOne(() => User, { deleteRule: 'cascade', primary: true })
  user!: User;

  @Property({ type: 'integer' })
  spentMicros: number = 0;

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}

/**
 * The rows of a data set (without differential privacy) one answer to a partner covered: a bitmap
 * over its row numbers. The diff check refuses an answer whose rows differ from an earlier
 * answer's by fewer than k (docs/decisions/clean-rooms.md); kept in the database so that it holds
 * across restarts and server processes.
 */
@Entity({ tableName: 'vcr_answer_footprints' })
@Index({ properties: ['dataset', 'user', 'rowCount'] })
export class AnswerFootprint {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Dataset, { deleteRule: 'cascade' })
  dataset!: Dataset;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'integer' })
  rowCount!: number;

  // SHA-256 of the bitmap: the same rows answered again are stored once
  @Property({ type: 'string', length: 64 })
  digest!: string;

  @Property({ type: 'blob' })
  rows!: Buffer;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
