import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';
import { colorShadow, gradient, type BrandColor } from '../../../shared/theme/palette';

type Props = {
  icon: ComponentType<SvgIconProps>;
  color: BrandColor;
  label: string;
  value: ReactNode;
  loading?: boolean;
  footer: ReactNode;
};

// The template's stats card: icon tile on the left, label and big value on the right.
export function StatCard({ icon: Icon, color, label, value, loading, footer }: Props) {
  return (
    <Card component="section" aria-label={label} sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 2, pb: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            mt: -2.5,
            width: 72,
            height: 72,
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            background: gradient(color),
            boxShadow: colorShadow(color),
            color: '#fff',
          }}
        >
          <Icon sx={{ fontSize: 34 }} />
        </Box>
        <Box sx={{ textAlign: 'right', pt: 1.5 }}>
          <Typography variant="body2" color="text.secondary" component="h2">
            {label}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 300, mt: 0.5 }}>
            {loading ? <Skeleton width={60} sx={{ ml: 'auto' }} /> : value}
          </Typography>
        </Box>
      </Box>
      <Divider sx={{ mx: 2 }} />
      <Box
        sx={{
          px: 2,
          py: 1.25,
          fontSize: '0.85rem',
          color: 'text.secondary',
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
        }}
      >
        {footer}
      </Box>
    </Card>
  );
}
