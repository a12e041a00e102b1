import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { colorShadow, gradient, type BrandColor } from '../../../shared/theme/palette';

export type AuthCardProps = {
  title: string;
  titleId?: string;
  color?: BrandColor;
  // Content under the title inside the coloured header (e.g. social icons).
  header?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
};

// The open pages' card: a gradient header floating over the top edge, as in the template. A Paper
// with the theme's card look (MUI's Card and CardContent add nothing else here and would weigh on the
// login page's first load).
export function AuthCard({ title, titleId, color = 'rose', header, maxWidth = 400, children }: AuthCardProps) {
  return (
    <Paper
      elevation={0}
      sx={{
        borderRadius: '8px',
        boxShadow: '0 1px 4px 0 rgba(0,0,0,.14)',
        overflow: 'visible',
        width: '100%',
        maxWidth,
        mt: 3,
        mx: 'auto',
      }}
    >
      <Box
        sx={{
          mx: 2,
          mt: -3,
          py: 2,
          px: 2,
          borderRadius: 1.5,
          background: gradient(color),
          boxShadow: colorShadow(color),
          color: '#fff',
          textAlign: 'center',
        }}
      >
        <Typography id={titleId} variant="h5" component="h1" sx={{ fontWeight: 400 }}>
          {title}
        </Typography>
        {header}
      </Box>
      <Box sx={{ px: { xs: 2.5, sm: 3.5 }, pt: 3, pb: '24px' }}>{children}</Box>
    </Paper>
  );
}
