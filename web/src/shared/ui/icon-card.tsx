import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';
import { colorShadow, gradient, type BrandColor } from '../theme/palette';

export type IconCardProps = {
  icon: ComponentType<SvgIconProps>;
  color?: BrandColor;
  title: ReactNode;
  subtitle?: ReactNode;
  // Right-aligned header content (buttons, status).
  action?: ReactNode;
  children: ReactNode;
  // Heading level of the title, so pages keep a sensible outline.
  headingLevel?: 'h2' | 'h3';
  // The section's id (a link target, e.g. /admin/settings#credit-history); the title gets `${id}-title`.
  id?: string;
};

// The dashboard's card: a gradient icon tile floating over the top-left corner, a title beside it.
export function IconCard({
  icon: Icon,
  color = 'purple',
  title,
  subtitle,
  action,
  children,
  headingLevel = 'h2',
  id,
}: IconCardProps) {
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      sx={{ mt: 3.5, position: 'relative', scrollMarginTop: 96 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, px: 2, flexWrap: 'wrap' }}>
        <Box
          aria-hidden
          sx={{
            mt: -2.5,
            width: 64,
            height: 64,
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            background: gradient(color),
            boxShadow: colorShadow(color),
            color: '#fff',
            flexShrink: 0,
          }}
        >
          <Icon sx={{ fontSize: 30 }} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 160, pt: 1.5 }}>
          <Typography
            id={id ? `${id}-title` : undefined}
            variant="h6"
            component={headingLevel}
            sx={{ fontWeight: 400 }}
          >
            {title}
          </Typography>
          {subtitle ? (
            // a long e-mail address or id wraps rather than widening the page (WCAG 1.4.10)
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {action ? <Box sx={{ pt: 1.5, ml: 'auto' }}>{action}</Box> : null}
      </Box>
      <CardContent sx={{ pt: 2 }}>{children}</CardContent>
    </Card>
  );
}
