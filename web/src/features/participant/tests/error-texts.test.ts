import { describe, expect, it } from 'vitest';
import { noAccount, rejected, WalletError } from '../../../wallet/wallet-errors';
import { PhoneApiError } from '../api/phone-api';
import { serverErrorText, walletErrorText } from '../components/error-text';
import { english } from '../i18n/i18n';
import { translator } from '../i18n/runtime';
import { backupText } from '../wallet/wallet-setup';

// What went wrong, as the participant reads it in Arabic and French: the server's errors (its known
// words, else its stable code), the wallet module's failures and the wallet backup file.
const error = (status: number, code: string, message: string) => new PhoneApiError(status, code, message);

describe("the server's errors in the participant's language", () => {
  it.each([
    [
      'ar',
      'لقد أجاب هذا الجهاز عن هذا الطلب من قبل',
      'رفض صاحب الطلب الإجابة المرسلة بهذه المحفظة عن هذا الطلب: Answered in 4 seconds',
      'الخادم مشغول أو قيد التحديث. حاول مرة أخرى بعد قليل.',
      'يحتاج هذا الاستبيان إلى إصدار أحدث من هذا التطبيق. أعد تحميل الصفحة لتحديثه.',
    ],
    [
      'fr',
      'Cet appareil a déjà répondu à cette demande',
      'Le demandeur a refusé la réponse de ce portefeuille à cette demande : Answered in 4 seconds',
      'Le serveur est occupé ou en cours de mise à jour. Réessayez dans un instant.',
      'Cette enquête demande une version plus récente de cette application. Rechargez la page pour la mettre à jour.',
    ],
  ])(
    'in %s: known words, the requester reason as written, then by code',
    async (language, answered, why, busy, update) => {
      const t = await translator(language);
      expect(serverErrorText(error(409, 'CONFLICT', 'This device has already answered this request'), t)).toBe(
        answered,
      );
      const reason = "The requester rejected this wallet's answer to this request: Answered in 4 seconds";
      expect(serverErrorText(error(409, 'CONFLICT', reason), t)).toBe(why);
      expect(serverErrorText(error(503, 'SERVICE_UNAVAILABLE', 'Database is restarting'), t)).toBe(busy);
      expect(serverErrorText(error(409, 'CLIENT_UPDATE_REQUIRED', 'Update to survey format 3'), t)).toBe(update);
      // a code the app does not know: the server's words
      expect(serverErrorText(error(403, 'PRIVACY_BUDGET', 'Spent'), t)).toBe('Spent');
      // no connection, and a reply that was not the API's
      const offline = error(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
      expect(serverErrorText(offline, t)).toBe(t(offline.message));
      expect(serverErrorText(offline, t)).not.toBe(offline.message);
      expect(serverErrorText(error(502, 'UNKNOWN', 'The server answered 502.'), t)).toBe(
        t('The server answered {{status}}.', { status: '502' }),
      );
    },
  );

  it("keeps the server's own, more precise words in English", () => {
    expect(serverErrorText(error(503, 'SERVICE_UNAVAILABLE', 'Database is restarting'), english)).toBe(
      'Database is restarting',
    );
    expect(serverErrorText(error(502, 'UNKNOWN', 'The server answered 502.'), english)).toBe(
      'The server answered 502.',
    );
  });
});

describe("the wallet's failures in the participant's language", () => {
  it.each([
    [
      'ar',
      'رفضت الطلب في محفظتك، فلم يتغيّر أو يُحفظ شيء.',
      'افتح قفل محفظتك واربط حسابًا بـ Parley للمتابعة.',
      'تعرض محفظتك طلبًا بالفعل: افتحها وأجب عنه أولًا.',
      'تعذّر اتصال المحفظة: Internal JSON-RPC error.',
    ],
    [
      'fr',
      "Vous avez refusé la demande dans votre portefeuille : rien n'a été modifié ni enregistré.",
      'Déverrouillez votre portefeuille et connectez un compte à Parley pour continuer.',
      "Votre portefeuille affiche déjà une demande : ouvrez-le et répondez d'abord à celle-ci.",
      "Le portefeuille n'a pas pu se connecter : Internal JSON-RPC error.",
    ],
  ])("in %s, by kind; the wallet's own words only as a detail", async (language, declined, locked, pending, other) => {
    const t = await translator(language);
    expect(walletErrorText(rejected(), t)).toBe(declined);
    expect(walletErrorText(noAccount(), t)).toBe(locked);
    const showing = 'Your wallet is already showing a request: open it and answer that one first.';
    expect(walletErrorText(new WalletError('failed', showing), t)).toBe(pending);
    expect(walletErrorText(new WalletError('failed', 'Internal JSON-RPC error.'), t)).toBe(other);
  });

  it('writes the backup file in the language, the address, phrase and key as they are', async () => {
    const wallet = {
      kind: 'created' as const,
      address: '0x1111111111111111111111111111111111111111',
      privateKey: '0xabc',
      phrase: 'one two three',
      backedUp: false,
    };
    expect(backupText(wallet, await translator('fr')).split('\n')).toEqual([
      'Sauvegarde du portefeuille de participant Parley',
      `Adresse : ${wallet.address}`,
      'Phrase de récupération : one two three',
      'Clé privée : 0xabc',
      'Quiconque possède cette phrase ou cette clé peut dépenser ce que contient le portefeuille. Gardez-la hors ligne.',
    ]);
    const arabic = backupText(wallet, await translator('ar')).split('\n');
    expect(arabic[0]).toBe('نسخة احتياطية لمحفظة مشارك في Parley');
    expect(arabic[1]).toBe(`العنوان: ${wallet.address}`);
    expect(arabic[3]).toBe('المفتاح الخاص: 0xabc');
    expect(backupText(wallet, english).split('\n')[0]).toBe('Parley participant wallet backup');
  });
});
