// Passphrase strength for key backups (zxcvbn-ts). Its dictionaries are large, so they are
// imported only when a backup dialog opens: they never reach the login route or the settings
// page's first load.
export type Strength = { score: 0 | 1 | 2 | 3 | 4; warning: string | null; suggestions: string[] };
export type StrengthChecker = (passphrase: string, userInputs?: string[]) => Strength;

// zxcvbn's scale: 3 ("safely unguessable") and up is what a backup needs, on top of scrypt.
export const MIN_BACKUP_SCORE = 3;
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

let loading: Promise<StrengthChecker> | null = null;

export function loadStrengthChecker(): Promise<StrengthChecker> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
    .then(([core, common, en]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      });
      return (passphrase: string, userInputs: string[] = []) => {
        const { score, feedback } = zxcvbn.check(passphrase, ['parley', ...userInputs]);
        return { score, warning: feedback.warning || null, suggestions: feedback.suggestions };
      };
    })
    .catch((error: unknown) => {
      loading = null; // a failed chunk download may succeed on the next try
      throw error;
    });
  return loading;
}
