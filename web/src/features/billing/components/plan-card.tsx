import CardGiftcard from '@mui/icons-material/CardGiftcard';
import Inventory2 from '@mui/icons-material/Inventory2';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Savings from '@mui/icons-material/Savings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useId, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import type { PlanCard_PlanFragment } from '../pricing.generated';
import { BRAND_COLORS, colorShadow, gradient, type BrandColor } from '../../../shared/theme/palette';
import { checkoutPath, formatPrice, pricePerToken } from '../money';

type Look = { icon: ComponentType<SvgIconProps>; color: BrandColor };

// Icons by position in the server's display order; prices and names always come from the server.
const LOOKS: Look[] = [
  { icon: CardGiftcard, color: 'green' },
  { icon: LocalOffer, color: 'blue' },
  { icon: Inventory2, color: 'purple' },
  { icon: Savings, color: 'rose' },
];

type Props = { plan: PlanCard_PlanFragment; index: number; highlighted?: boolean };

export function PlanCard({ plan, index, highlighted = false }: Props) {
  const titleId = useId();
  const { icon: Icon, color } = LOOKS[index % LOOKS.length];
  const perToken = pricePerToken(plan.priceCents, plan.tokens, plan.currency);
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        textAlign: 'center',
        ...(highlighted ? { background: gradient(color), color: '#fff', boxShadow: colorShadow(color) } : {}),
      }}
    >
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, p: 3 }}>
        <Typography
          id={titleId}
          component="h2"
          variant="overline"
          sx={{ fontSize: '0.8rem', letterSpacing: '.08em', color: highlighted ? 'inherit' : 'text.secondary' }}
        >
          {plan.name}
        </Typography>
        <Box
          aria-hidden
          sx={{
            width: 96,
            height: 96,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            border: '1px solid',
            borderColor: highlighted ? 'rgba(255,255,255,.5)' : 'divider',
            color: highlighted ? '#fff' : BRAND_COLORS[color].main,
            my: 1,
          }}
        >
          <Icon sx={{ fontSize: 48, color: highlighted ? '#fff' : undefined }} />
        </Box>
        <Typography component="p" variant="h3" sx={{ fontWeight: 300 }}>
          {formatPrice(plan.priceCents, plan.currency)}
        </Typography>
        <Typography component="p" sx={{ fontWeight: 500 }}>
          {plan.tokens} IPT Tokens
        </Typography>
        <Typography
          component="p"
          variant="body2"
          sx={{ color: highlighted ? 'rgba(255,255,255,.85)' : 'text.secondary', minHeight: 20 }}
        >
          {plan.free ? 'No card needed, once per account' : perToken ? `${perToken} per token` : null}
        </Typography>
        <Button
          component={RouterLink}
          to={checkoutPath(plan.item, plan.currency)}
          variant="contained"
          color={highlighted ? 'inherit' : 'secondary'}
          sx={{
            mt: 'auto',
            borderRadius: 8,
            px: 3,
            ...(highlighted
              ? { color: BRAND_COLORS[color].dark, bgcolor: '#fff', '&:hover': { bgcolor: '#f5f5f5' } }
              : {}),
          }}
        >
          Choose {plan.name}
        </Button>
      </CardContent>
    </Card>
  );
}
