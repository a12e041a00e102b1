import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SelectOption } from './select-field';

type Props = {
  anchor: HTMLElement | null;
  open: boolean;
  options: SelectOption[];
  value: string;
  labelId: string;
  listboxId: string;
  onSelect: (value: string) => void;
  onClose: () => void;
};

// The open list of a SelectField: MUI's Menu with the props MUI's Select gives it (below the field,
// at least as wide, the selected option focused, the list's keyboard handling), in a chunk of its
// own that loads when the browser is idle or the select first opens.
export function SelectMenu({ anchor, open, options, value, labelId, listboxId, onSelect, onClose }: Props) {
  return (
    <Menu
      anchorEl={anchor}
      open={open && anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{
        list: { 'aria-labelledby': labelId, role: 'listbox', disableListWrap: true, id: listboxId },
        paper: { style: { minWidth: anchor?.clientWidth } },
      }}
    >
      {options.map((option) => (
        <MenuItem
          key={option.value}
          role="option"
          aria-selected={option.value === value ? 'true' : 'false'}
          selected={option.value === value}
          data-value={option.value}
          onClick={() => onSelect(option.value)}
          // Space picks the option on keydown, as in MUI's Select; its keyup (which would click
          // again, or pick the focused option right after Space opened the list) does nothing
          onKeyDown={(event) => {
            if (event.key !== ' ' || event.target !== event.currentTarget) return;
            event.preventDefault();
            if (!event.repeat) event.currentTarget.click();
          }}
          onKeyUp={(event) => {
            if (event.key === ' ') event.preventDefault();
          }}
        >
          {option.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
