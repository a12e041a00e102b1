import { SettingsPage } from '../features/settings/pages/settings-page';
import { lazyPart, usePreloadWhenIdle } from '../shared/ui/lazy-part';

// Settings' sections from other features: they load after the page's first render (PageLoader in
// their place until then).
const KeysSection = lazyPart(async () => (await import('../features/keys/components/keys-section')).KeysSection, {
  label: 'Loading your keys…',
  minHeight: 400,
});
const CreditSection = lazyPart(
  async () => {
    const [{ MoveCreditCard }, { CreditHistoryCard }] = await Promise.all([
      import('../features/billing/components/move-credit-card'),
      import('../features/billing/components/credit-history-card'),
    ]);
    return () => (
      <>
        <MoveCreditCard />
        <CreditHistoryCard />
      </>
    );
  },
  { label: 'Loading your credit…', minHeight: 300 },
);

// /admin/settings with the keys and credit sections composed in.
export function SettingsRoute() {
  usePreloadWhenIdle(KeysSection, CreditSection);
  return <SettingsPage keysSection={<KeysSection />} creditSection={<CreditSection />} />;
}
