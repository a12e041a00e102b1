// Light building blocks for the participant app's first screens: plain boxes styled like MUI's
// Card, Chip and Alert, so the shared link's first JS stays under its 150 kB budget. The heavier
// MUI components (inputs, dialogs, tabs) load with the form, after the request is on screen.
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ElementType, ReactNode } from 'react';
import { english, type Translate } from '../i18n/i18n';

const TAGS: Record<string, ElementType> = { h5: 'h1', h6: 'h2', subtitle2: 'h3', caption: 'span' };

/** Typography without MUI's Typography component: the theme's variant through Box's sx. */
export function Text({
  variant = 'body1',
  component,
  color,
  dir,
  sx,
  children,
}: {
  variant?: 'h5' | 'h6' | 'subtitle2' | 'body1' | 'body2' | 'caption';
  component?: ElementType;
  color?: string;
  // 'auto' for the requester's own words: their direction, whatever the page's
  dir?: 'auto';
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      component={component ?? TAGS[variant] ?? 'p'}
      dir={dir}
      sx={[{ typography: variant, color, m: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}

export function Panel({ title, children, label }: { title?: string; children: ReactNode; label?: string }) {
  return (
    <Box
      component="section"
      aria-label={label ?? title}
      sx={{
        bgcolor: '#fff',
        borderRadius: 2,
        boxShadow: '0 1px 4px rgba(0,0,0,.12)',
        p: { xs: 2, sm: 3 },
        mb: 2,
      }}
    >
      {title ? (
        <Text variant="h6" sx={{ fontWeight: 400, mb: 1.5 }}>
          {title}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}

const PILL = {
  bonus: { bgcolor: '#2e7d32', color: '#fff', border: '1px solid #2e7d32' },
  outlined: { bgcolor: 'transparent', color: 'text.primary', border: '1px solid rgba(0,0,0,.23)' },
} as const;

export function Pill({ children, tone = 'outlined' }: { children: ReactNode; tone?: keyof typeof PILL }) {
  return (
    <Box
      component="span"
      sx={{
        ...PILL[tone],
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: 1.25,
        borderRadius: 12,
        fontSize: '0.8125rem',
        fontWeight: 500,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}

/** "2 IPT per answer": a request's bonus, the first thing a participant looks at. */
export const BonusPill = ({ bonusEach, t = english }: { bonusEach: number; t?: Translate }) => (
  <Pill tone="bonus">{t('{{count}} IPT per answer', { count: bonusEach })}</Pill>
);

export const placesLeft = (remaining: number, t: Translate = english) =>
  remaining === 0
    ? t('No places left')
    : t(remaining === 1 ? '{{count}} place left' : '{{count}} places left', { count: remaining });

const NOTE = {
  success: { bgcolor: '#edf7ed', color: '#1e4620', icon: '#2e7d32' },
  info: { bgcolor: '#e5f6fd', color: '#014361', icon: '#0288d1' },
  warning: { bgcolor: '#fff4e5', color: '#663c00', icon: '#ed6c02' },
} as const;

/** A static note in the colours of MUI's Alert (role="note": it is not an announcement). */
export function Note({
  tone,
  icon,
  label,
  children,
}: {
  tone: keyof typeof NOTE;
  icon?: ReactNode;
  label?: string;
  children: ReactNode;
}) {
  const { bgcolor, color, icon: iconColor } = NOTE[tone];
  return (
    <Box
      role="note"
      aria-label={label}
      sx={{ display: 'flex', gap: 1.5, bgcolor, color, borderRadius: 1, px: 2, py: 1.25, fontSize: '0.875rem' }}
    >
      {icon ? <Box sx={{ color: iconColor, display: 'flex', pt: '1px' }}>{icon}</Box> : null}
      <Box sx={{ lineHeight: 1.5 }}>{children}</Box>
    </Box>
  );
}

/** A grey block where content is about to appear. */
export const Placeholder = ({ height }: { height: number }) => (
  <Box aria-hidden sx={{ height, borderRadius: 2, bgcolor: 'rgba(0,0,0,.07)', mb: 2 }} />
);
