import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';

// MUI's Menu (with its popover, list and transitions) loads when a header menu is first opened:
// every authenticated screen shows these buttons, few open them.
const Menu = lazy(() => import('@mui/material/Menu'));

export type HeaderMenuProps = {
  label: string;
  icon: ReactNode;
  children: (close: () => void) => ReactNode;
  onOpen?: () => void;
};

// An icon button in the header that opens a dropdown menu (keyboard and screen-reader friendly).
export function HeaderMenu({ label, icon, children, onOpen }: HeaderMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // mounted from the first opening on, so it keeps its closing transition afterwards
  const [menuWanted, setMenuWanted] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={label}>
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
      </Tooltip>
      {menuWanted ? (
        <Suspense fallback={null}>
          <Menu
            id={menuId}
            anchorEl={anchor}
            open={anchor !== null}
            onClose={close}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{ paper: { sx: { mt: 1, minWidth: 220, maxWidth: 360 } } }}
          >
            {children(close)}
          </Menu>
        </Suspense>
      ) : null}
    </>
  );
}
