// N phone apps answering one published request through the REST API, as real phones would:
// collections are encrypted on the "phone" to the request's public key; surveys are answered.
import { Wallet } from 'ethers';
import { randomUUID } from 'node:crypto';
import { fakePerson, fakeSurvey, rng } from './fake-data';
import { ApiError, phoneApi, type AcceptedDto, type PayoutDto } from './phone-client';
import { encryptCollectionResponse } from './response-crypto';
import { isRandomised, presentedOrder } from '../../shared/survey-order';

export type SimulateOptions = {
  url: string;
  requestId: string;
  count: number;
  /** phones answering at once */
  concurrency?: number;
  /** wait this long for the payouts to settle (0: do not wait) */
  waitForPayoutsMs?: number;
  seed?: number;
  log?: (line: string) => void;
};

export type Phone = { deviceId: string; walletAddress: string };

export type SimulateSummary = {
  requestId: string;
  type: 'collection' | 'survey';
  accepted: (AcceptedDto & Phone)[];
  // answers a screener or a full quota ended (fieldwork): no paid place, a screen-out payout maybe
  ended: (AcceptedDto & Phone)[];
  rejected: { phone: Phone; status: number; code: string; message: string }[];
  payouts: Record<string, number>;
};

export async function simulateParticipants(o: SimulateOptions): Promise<SimulateSummary> {
  const api = phoneApi(o.url.replace(/\/$/, ''));
  const log = o.log ?? (() => {});
  const random = rng(o.seed ?? Date.now());
  // completion times from a stream of their own: the answers' stream stays what a seed regenerates
  // (phones answer concurrently, so a draw after an await would interleave with other phones')
  const timing = rng((o.seed ?? Date.now()) + 1);
  const request = await api.endUserData(o.requestId);
  log(`"${request.title}" (${request.type}): ${request.remaining} paid responses left, ${request.bonus_each} IPT each`);

  const summary: SimulateSummary = {
    requestId: request.id,
    type: request.type,
    accepted: [],
    ended: [],
    rejected: [],
    payouts: {},
  };
  // closed answers in clear; text, number and date answers sealed to the request key; a
  // randomised survey's order as this phone showed it (seeded by its device, as the web app does)
  const surveyBody = async (r: typeof request, random: () => number, deviceId: string) => {
    const { answers, personal } = fakeSurvey(random, r.questions ?? []);
    const questions = (r.questions ?? []).map((q) => ({ ...q, options: Array.isArray(q.options) ? q.options : [] }));
    const order = isRandomised(questions) ? { presented: presentedOrder(questions, `${deviceId}|${r.id}`) } : {};
    const ids = Object.keys(personal);
    if (!ids.length) return { answers, ...order };
    const sealed = await encryptCollectionResponse(r.id, r.publicKey, { answers: personal } as never);
    return { answers, personal: ids, ...sealed, ...order };
  };
  const answerOne = async (n: number) => {
    const phone: Phone = { deviceId: `sim-${randomUUID()}`, walletAddress: Wallet.createRandom().address };
    try {
      const done =
        request.type === 'collection'
          ? await api.submitCollection({
              requestId: request.id,
              ...phone,
              ...(await encryptCollectionResponse(request.id, request.publicKey, fakePerson(random, request.options))),
            })
          : await api.submitSurvey({
              requestId: request.id,
              ...phone,
              ...(await surveyBody(request, random, phone.deviceId)),
              // half a minute to five minutes, as people take
              durationMs: Math.round(30_000 + timing() * 270_000),
            });
      if (done.outcome !== 'accepted') {
        summary.ended.push({ ...done, ...phone });
        log(`phone ${n}: ${done.outcome.replace('_', ' ')}${done.quota ? ` (${done.quota.name})` : ''}`);
        return;
      }
      summary.accepted.push({ ...done, ...phone });
      log(`phone ${n}: accepted as member ${done.memberId}`);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      summary.rejected.push({ phone, status: err.status, code: err.code, message: err.message });
      log(`phone ${n}: refused (${err.message})`);
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < o.count) await answerOne(++next);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency ?? 4, o.count)) }, worker));

  const payouts = await settledPayouts(api, request.id, summary.accepted, o.waitForPayoutsMs ?? 0);
  for (const p of payouts) summary.payouts[p?.status ?? 'none'] = (summary.payouts[p?.status ?? 'none'] ?? 0) + 1;
  return summary;
}

async function settledPayouts(
  api: ReturnType<typeof phoneApi>,
  requestId: string,
  phones: Phone[],
  waitMs: number,
): Promise<(PayoutDto | null)[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const states = await Promise.all(phones.map((p) => api.checkSubmitted(requestId, p.deviceId)));
    const payouts = states.map((s) => s.payout);
    if (Date.now() >= deadline || payouts.every((p) => p?.status !== 'pending')) return payouts;
    await new Promise((r) => setTimeout(r, 500));
  }
}
