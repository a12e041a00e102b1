import type { PurchaseType, CreditEntryType, PlanType, WithdrawalType } from './billing.types';
import type { CreditEntry } from './credit-entry.entity';
import { isFree, resolvePlan, type Plan } from './plans';
import type { Purchase } from './purchase.entity';
import type { Withdrawal } from './withdrawal.entity';

// Entity -> API shapes, shared by GraphQL and REST so both clients see the same fields.
export const toPlan = (p: Plan): PlanType => ({ ...p, free: isFree(p) });

export const toCreditEntry = (e: CreditEntry): CreditEntryType => ({
  id: e.id,
  amount: e.amount,
  kind: e.kind,
  reference: e.reference,
  createdAt: e.createdAt,
});

export const toPurchase = (p: Purchase): PurchaseType => ({
  id: p.id,
  item: p.item,
  planName: resolvePlan(p.item).name,
  amountCents: p.amountCents,
  currency: p.currency,
  tokens: p.tokens,
  gateway: p.gateway,
  status: p.status,
  failureMessage: p.failureMessage ?? null,
  createdAt: p.createdAt,
  completedAt: p.completedAt ?? null,
});

export const toWithdrawal = (w: Withdrawal): WithdrawalType => ({
  id: w.id,
  amount: w.amount,
  walletAddress: w.toAddress,
  status: w.status,
  txHash: w.txHash ?? null,
  failureMessage: w.failureMessage ?? null,
  createdAt: w.createdAt,
  completedAt: w.completedAt ?? null,
});
