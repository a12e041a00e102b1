import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { lazyWithPreload, whenIdle } from '../../../shared/ui/lazy-with-preload';
import { FieldHelper, FieldLabel, InputRoot, Root } from '../../../shared/ui/form-text-field';

export type SelectOption = { value: string; label: string };

type Props = {
  id: string;
  label: string;
  value: string;
  options: SelectOption[];
  onChange?: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  sx?: SxProps<Theme>;
};

// MUI's standard-variant select (TextField select) drawn from plain elements with MUI's styles and
// the same behaviour: a combobox that opens its list on a click, Space, Enter or the arrow keys,
// picks an option by its first letters while closed, and takes the focus back when the list
// closes. The list is MUI's Menu, loaded when the browser is idle (or the select first opens): MUI's
// Select with its Input variants, MenuItem and roving tab index cost the wizard's first screen
// about 10 kB of gzip JS.
const SelectMenu = lazyWithPreload(async () => (await import('./select-menu')).SelectMenu);

const Display = styled('div')(({ theme }) => ({
  font: 'inherit',
  letterSpacing: 'inherit',
  color: 'currentColor',
  padding: '4px 0 5px',
  paddingRight: 24,
  minWidth: 16,
  border: 0,
  boxSizing: 'content-box',
  background: 'none',
  height: 'auto',
  minHeight: '1.4375em',
  margin: 0,
  WebkitTapHighlightColor: 'transparent',
  display: 'block',
  width: '100%',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  userSelect: 'none',
  borderRadius: 0,
  cursor: 'pointer',
  '&:focus': { outline: 0 },
  '&[aria-disabled="true"]': { cursor: 'default', WebkitTextFillColor: theme.palette.text.disabled },
}));

const Icon = styled('svg')(({ theme }) => ({
  userSelect: 'none',
  width: '1em',
  height: '1em',
  display: 'inline-block',
  fill: 'currentColor',
  flexShrink: 0,
  fontSize: theme.typography.pxToRem(24),
  position: 'absolute',
  right: 0,
  top: 'calc(50% - .5em)',
  pointerEvents: 'none',
  color: theme.palette.action.active,
  '&[data-disabled="true"]': { color: theme.palette.action.disabled },
  '&[data-open="true"]': { transform: 'rotate(180deg)' },
}));

const TYPEAHEAD_RESET_MS = 750;
const OPEN_KEYS = [' ', 'ArrowUp', 'ArrowDown', 'Enter'];

export function SelectField({ id, label, value, options, onChange, required, disabled, error, helperText, sx }: Props) {
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const displayRef = useRef<HTMLDivElement>(null);
  // the list opens below the field's input row, as MUI's does
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const typeahead = useRef<{ buffer: string; timer?: ReturnType<typeof setTimeout> }>({ buffer: '' });
  useEffect(() => () => clearTimeout(typeahead.current.timer), []);
  // the list loads in the background, so that opening does not wait for it
  useEffect(
    () => (disabled ? undefined : whenIdle(() => void SelectMenu.preload().catch(() => undefined), 3000)),
    [disabled],
  );
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  const labelId = `${id}-label`;
  const helperId = `${id}-helper-text`;
  const listboxId = `${id}-listbox`;
  const selected = options.find((option) => option.value === value);
  const active = (focused || open) && !disabled ? 'true' : undefined;
  const state = { 'data-error': error ? 'true' : undefined, 'data-disabled': disabled ? 'true' : undefined };
  const hasHelper = helperText !== undefined && helperText !== null;

  const close = () => {
    setOpen(false);
    displayRef.current?.focus();
  };
  // Letters typed on the closed select pick the next option starting with them (MUI's closed typeahead).
  const typeAhead = (event: KeyboardEvent<HTMLDivElement>): boolean => {
    const state = typeahead.current;
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === ' ' && state.buffer === '') return false;
    if (event.key === ' ') event.preventDefault();
    const key = event.key.toLowerCase();
    const current = options.findIndex((option) => option.value === value);
    // a repeated single letter cycles through the options starting with it
    const cycling = state.buffer === key;
    state.buffer = cycling ? key : state.buffer + key;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => (state.buffer = ''), TYPEAHEAD_RESET_MS);
    const from = state.buffer.length === 1 ? current + 1 : Math.max(current, 0);
    for (let step = 0; step < options.length; step += 1) {
      const option = options[(from + step) % options.length];
      if (option.label.toLowerCase().startsWith(state.buffer)) {
        if (option.value !== value) onChange?.(option.value);
        return true;
      }
    }
    return true;
  };

  return (
    <Root margin="dense" sx={sx}>
      <FieldLabel
        text={label}
        required={required}
        id={labelId}
        htmlFor={id}
        data-shrink={active || value !== '' ? 'true' : 'false'}
        data-focused={active}
        {...state}
      />
      <InputRoot ref={setAnchor} data-focused={active} {...state}>
        <Display
          ref={displayRef}
          id={id}
          tabIndex={disabled ? undefined : 0}
          role="combobox"
          aria-controls={open ? listboxId : undefined}
          aria-disabled={disabled ? 'true' : undefined}
          aria-expanded={open ? 'true' : 'false'}
          aria-haspopup="listbox"
          aria-labelledby={labelId}
          aria-describedby={hasHelper ? helperId : undefined}
          aria-required={required ? 'true' : undefined}
          aria-invalid={error ? 'true' : undefined}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            typeahead.current.buffer = '';
          }}
          onMouseDown={
            disabled
              ? undefined
              : (event) => {
                  if (event.button !== 0) return;
                  // the focus stays on the select while its list opens
                  event.preventDefault();
                  displayRef.current?.focus();
                  setOpen(true);
                }
          }
          onKeyDown={(event) => {
            if (disabled || open) return;
            if (typeAhead(event)) return;
            if (OPEN_KEYS.includes(event.key)) {
              event.preventDefault();
              setOpen(true);
            }
          }}
        >
          {selected ? (
            selected.label
          ) : (
            // keeps the row's height, as MUI's select does
            <span className="notranslate" aria-hidden>
              {'\u200b'}
            </span>
          )}
        </Display>
        <Icon
          viewBox="0 0 24 24"
          focusable="false"
          aria-hidden
          data-open={open ? 'true' : undefined}
          data-disabled={state['data-disabled']}
        >
          <path d="M7 10l5 5 5-5z" />
        </Icon>
      </InputRoot>
      <FieldHelper id={helperId} text={helperText} {...state} />
      {wanted ? (
        <SelectMenu
          anchor={anchor}
          open={open}
          options={options}
          value={value}
          labelId={labelId}
          listboxId={listboxId}
          onSelect={(next) => {
            if (next !== value) onChange?.(next);
            close();
          }}
          onClose={close}
        />
      ) : null}
    </Root>
  );
}
