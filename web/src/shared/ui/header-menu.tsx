import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type ReactNode } from 'react';

export type HeaderMenuProps = {
  label: string;
  icon: ReactNode;
  children: (close: () => void) => ReactNode;
  onOpen?: () => void;
};

// An icon button in the header that opens a dropdown menu (keyboard and screen-reader friendly).
export function HeaderMenu({ label, icon, children, onOpen }: HeaderMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
            setAnchor(event.currentTarget);
            onOpen?.();
          }}
        >
          {icon}
        </IconButton>
      </Tooltip>
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
    </>
  );
}
