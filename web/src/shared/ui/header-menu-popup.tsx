import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';

// The components a header menu's items are made of: they load with the menu, on its first opening.
const menuParts = { Alert, CircularProgress, Divider, ListItemIcon, ListItemText, MenuItem };
export type MenuParts = typeof menuParts;

type Props = {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  items: (close: () => void, parts: MenuParts) => ReactNode;
};

// MUI's Menu (popover, list, keyboard focus, transitions) under a header button.
export default function HeaderMenuPopup({ id, anchor, onClose, items }: Props) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { mt: 1, minWidth: 220, maxWidth: 360 } } }}
    >
      {items(onClose, menuParts)}
    </Menu>
  );
}
