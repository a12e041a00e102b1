import { useCallback, useState } from 'react';
import sidebar1 from '../../assets/sidebar/sidebar-1.svg';
import sidebar2 from '../../assets/sidebar/sidebar-2.svg';
import sidebar3 from '../../assets/sidebar/sidebar-3.svg';
import sidebar4 from '../../assets/sidebar/sidebar-4.svg';
import { readStoredJson, writeStoredJson } from '../../shared/storage/local-storage';

export const SIDEBAR_COLORS = ['purple', 'blue', 'green', 'red', 'orange', 'white', 'rose'] as const;
export const SIDEBAR_BACKGROUNDS = ['blue', 'white', 'black'] as const;
// Our own artwork (web/src/assets/sidebar); the alt texts describe them for the picker.
export const SIDEBAR_IMAGES = [
  { src: sidebar1, label: 'City at dusk' },
  { src: sidebar2, label: 'Snowy mountains' },
  { src: sidebar3, label: 'Aurora at night' },
  { src: sidebar4, label: 'Colourful triangles' },
] as const;

export type SidebarColor = (typeof SIDEBAR_COLORS)[number];
export type SidebarBackground = (typeof SIDEBAR_BACKGROUNDS)[number];

export type AppearanceSettings = {
  // colour of the active sidebar entry ("sidebar filters" in the template)
  color: SidebarColor;
  background: SidebarBackground;
  mini: boolean;
  showImage: boolean;
  image: number;
};

export const DEFAULT_APPEARANCE: AppearanceSettings = {
  color: 'purple',
  background: 'black',
  mini: false,
  showImage: true,
  image: 0,
};
export const APPEARANCE_STORAGE_KEY = 'parley.appearance';

// Keeps only known values, so an old or hand-edited entry cannot break the layout.
export function parseAppearance(value: unknown): AppearanceSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const pick = <T extends string>(options: readonly T[], candidate: unknown, fallback: T): T =>
    options.includes(candidate as T) ? (candidate as T) : fallback;
  const image =
    typeof raw.image === 'number' && Number.isInteger(raw.image) && raw.image >= 0 && raw.image < SIDEBAR_IMAGES.length
      ? raw.image
      : 0;
  return {
    color: pick(SIDEBAR_COLORS, raw.color, DEFAULT_APPEARANCE.color),
    background: pick(SIDEBAR_BACKGROUNDS, raw.background, DEFAULT_APPEARANCE.background),
    mini: typeof raw.mini === 'boolean' ? raw.mini : DEFAULT_APPEARANCE.mini,
    showImage: typeof raw.showImage === 'boolean' ? raw.showImage : DEFAULT_APPEARANCE.showImage,
    image,
  };
}

// Appearance choices, remembered in this browser's local storage.
export function useAppearanceSettings(): [AppearanceSettings, (change: Partial<AppearanceSettings>) => void] {
  const [settings, setSettings] = useState<AppearanceSettings>(
    () => readStoredJson(APPEARANCE_STORAGE_KEY, parseAppearance) ?? DEFAULT_APPEARANCE,
  );
  const update = useCallback((change: Partial<AppearanceSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...change };
      writeStoredJson(APPEARANCE_STORAGE_KEY, next);
      return next;
    });
  }, []);
  return [settings, update];
}

// The text on the active sidebar entry's gradient (or white): dark on the light colours, so that
// it is 4.5:1 on both stops of the gradient (appearance-contrast.test.ts).
export const activeTextOf = (color: SidebarColor) =>
  color === 'white' ? '#3c4858' : color === 'blue' || color === 'green' || color === 'orange' ? '#1b1b1f' : '#ffffff';

// Colours of the sidebar surface per background choice (the text at least 4.5:1 on the veil over
// any image, the icons 3:1: appearance-contrast.test.ts).
export const SIDEBAR_SURFACE: Record<SidebarBackground, { bg: string; text: string; muted: string; divider: string }> =
  {
    black: { bg: '#1b1b1f', text: '#ffffff', muted: '#b8b8bc', divider: 'rgba(255,255,255,.18)' },
    blue: { bg: '#0d2b5c', text: '#ffffff', muted: '#bcc6d8', divider: 'rgba(255,255,255,.2)' },
    white: { bg: '#ffffff', text: '#3c4858', muted: '#596170', divider: 'rgba(0,0,0,.12)' },
  };
