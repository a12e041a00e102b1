import { DEFAULT_LANGUAGE } from '../../../../shared/languages';
import { badInput, conflict } from '../../shared/errors';
import type { DataRequest, Funding } from './request.entity';
import type { RequestFields, UpdateRequestCommand } from './requests.schemas';

// What creating a request may not take, and what an edit (RequestsService.update) may not change,
// checked in this order.

/**
 * Every id a new request cannot take answers this, whoever's request has it (a caller's own, or
 * another user's, which must not be confirmed to exist).
 */
export const ID_UNAVAILABLE = 'This id cannot be used: leave id out and a new one is chosen';

/** Type, quality and access never change once the request is created. */
export function checkFixedFields(request: DataRequest, changes: Partial<UpdateRequestCommand>): void {
  for (const field of ['type', 'quality', 'access'] as const) {
    if (changes[field] !== undefined && changes[field] !== request[field]) {
      throw badInput(`${field} cannot change once the request is created`, [{ path: field, message: 'fixed' }]);
    }
  }
}

/** A published request keeps how it is paid, and one whose escrow was closed is not published again. */
export function checkFunding(request: DataRequest, merged: RequestFields, payWith: Funding | undefined): void {
  if (request.status === 1 && payWith && payWith !== request.funding) {
    throw badInput(`pay_with cannot change once published: this request is paid with ${request.funding}`, [
      { path: 'payWith', message: 'fixed once published' },
    ]);
  }
  if (request.escrowClosedAt && merged.status === 1) {
    throw conflict('The escrow of this request was closed: it cannot be published again');
  }
}

/** A published request stays published and keeps its escrow, signer and bonus_each (the escrow pays a fixed amount). */
export function checkPublishedChange(request: DataRequest, merged: RequestFields): void {
  if (merged.status === 0) throw conflict('A published request cannot go back to draft');
  if (merged.escrowAddress !== request.escrowAddress || merged.signerAddress !== request.signerAddress) {
    throw conflict('The escrow and signer of a published request cannot change');
  }
  if (merged.bonusEach !== request.bonusEach) {
    throw badInput('bonus_each cannot change once published: the escrow pays a fixed amount per response');
  }
  checkLanguageKept(request, merged);
}

/**
 * Answers were given to a survey's own texts in its own language (translations may still change).
 * Checked early on the request as read, and again on the row locked for the write (`request`
 * refreshed under the lock): an answer may commit between the two.
 */
export function checkLanguageKept(request: DataRequest, merged: RequestFields): void {
  const language = (code: string | null | undefined) => code ?? DEFAULT_LANGUAGE;
  if (
    request.type === 'survey' &&
    request.responseCount > 0 &&
    language(merged.language) !== language(request.language)
  ) {
    throw conflict("A survey's own language cannot change once responses arrived: add a translation instead");
  }
}
