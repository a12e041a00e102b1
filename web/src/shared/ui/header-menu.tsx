import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { MenuParts } from './header-menu-popup';
import { Hint } from './hint';

// MUI's Menu (with its popover, list and transitions) and the components of the items load when a
// header menu is first opened: every authenticated screen shows these buttons, few open them.
const HeaderMenuPopup = lazy(() => import('./header-menu-popup'));

export type HeaderMenuProps = {
  label: string;
  icon: ReactNode;
  // the items, built from the parts that load with the menu
  children: (close: () => void, parts: MenuParts) => ReactNode;
  onOpen?: () => void;
};

// An icon button in the header that opens a dropdown menu (keyboard and screen-reader friendly).
export function HeaderMenu({ label, icon, children, onOpen }: HeaderMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // mounted from the first opening on, so it keeps its closing transition afterwards
  const [menuWanted, setMenuWanted] = useState(false);
  const menuId = useId();
  return (
    <>
      <Hint title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => {
            setMenuWanted(true);
            setAnchor(event.currentTarget);
            onOpen?.();
          }}
        >
          {icon}
        </IconButton>
      </Hint>
      {menuWanted ? (
        <Suspense fallback={null}>
          <HeaderMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} items={children} />
        </Suspense>
      ) : null}
    </>
  );
}
