import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType, ReactNode } from 'react';

export type EmptyStateProps = { icon: ComponentType<SvgIconProps>; title: string; children?: ReactNode };

export function EmptyState({ icon: Icon, title, children }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: 'center', py: 4, px: 2, color: 'text.secondary' }}>
      <Icon aria-hidden sx={{ fontSize: 44, color: 'action.disabled' }} />
      <Typography variant="subtitle1" component="p" sx={{ mt: 1, color: 'text.primary' }}>
        {title}
      </Typography>
      {children ? (
        <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}
