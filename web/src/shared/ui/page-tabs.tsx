import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useIsPhone } from '../hooks/use-is-phone';

// A card's tabs (two or three short labels). On a phone they share the width and a label wraps
// onto a second line instead of being cut off behind scroll arrows; wider, they sit side by side
// at their natural width, with no arrows: there is room for them.
export function PageTabs<T extends string>({
  value,
  onChange,
  label,
  children,
}: {
  value: T;
  onChange: (value: T) => void;
  label: string;
  children: ReactNode;
}) {
  const phone = useIsPhone();
  return (
    <Tabs
      value={value}
      onChange={(_event, next: T) => onChange(next)}
      aria-label={label}
      variant={phone ? 'fullWidth' : 'standard'}
      sx={{ '& .MuiTab-root': { whiteSpace: 'normal', lineHeight: 1.3 } }}
    >
      {children}
    </Tabs>
  );
}
