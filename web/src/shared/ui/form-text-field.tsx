import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';

export type FormTextFieldProps = {
  label: string;
  name?: string;
  id?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: 'text' | 'email' | 'password' | 'search';
  error?: boolean;
  // Message under the field; a single space keeps the row height when there is nothing to say.
  helperText?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  endAdornment?: ReactNode;
  // Keep the label above the field so the placeholder stays visible.
  shrinkLabel?: boolean;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  sx?: SxProps<Theme>;
};

// MUI's standard-variant text field (FormControl, InputLabel, Input, FormHelperText) drawn with
// the same styles from plain elements: MUI's parts (InputBase with its textarea autosizing, the
// form-control context) are about 8 kB of gzip JS on the open pages, and its TextField also
// brings Select, Menu and Popover even when unused. The label floats up when the field has focus,
// a value or the browser's autofill, as MUI's does.
// (Root, Label, Asterisk, InputRoot and FieldHelper also draw the request wizard's selects)
// (the margins as plain properties, not behind a selector, so that a caller's sx margin wins)
const MARGINS = { none: {}, dense: { marginTop: 8, marginBottom: 4 }, normal: { marginTop: 16, marginBottom: 8 } };
export const Root = styled('div', { shouldForwardProp: (prop) => prop !== 'margin' && prop !== 'sx' })<{
  margin: keyof typeof MARGINS;
}>(({ margin }) => ({
  display: 'inline-flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  padding: 0,
  margin: 0,
  border: 0,
  verticalAlign: 'top',
  width: '100%',
  ...MARGINS[margin],
}));

const Label = styled('label')(({ theme }) => ({
  color: theme.palette.text.secondary,
  ...theme.typography.body1,
  lineHeight: '1.4375em',
  padding: 0,
  display: 'block',
  transformOrigin: 'top left',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  maxWidth: '100%',
  position: 'absolute',
  left: 0,
  top: 0,
  transform: 'translate(0, 20px) scale(1)',
  transition: theme.transitions.create(['color', 'transform', 'max-width'], {
    duration: theme.transitions.duration.shorter,
    easing: theme.transitions.easing.easeOut,
  }),
  '&[data-size="small"]': { transform: 'translate(0, 17px) scale(1)' },
  // browser autofill, which fills the field without a change event
  '&[data-shrink="true"], div:has(> div > input:-webkit-autofill) > &': {
    transform: 'translate(0, -1.5px) scale(0.75)',
    maxWidth: '133%',
  },
  '&[data-focused="true"]': { color: theme.palette.primary.main },
  '&[data-disabled="true"]': { color: theme.palette.text.disabled },
  '&[data-error="true"]': { color: theme.palette.error.main },
}));

const Asterisk = styled('span')(({ theme }) => ({
  '&[data-error="true"]': { color: theme.palette.error.main },
}));

export const InputRoot = styled('div')(({ theme }) => ({
  ...theme.typography.body1,
  color: theme.palette.text.primary,
  lineHeight: '1.4375em',
  boxSizing: 'border-box',
  position: 'relative',
  cursor: 'text',
  display: 'inline-flex',
  alignItems: 'center',
  width: '100%',
  'label + &': { marginTop: 16 },
  '&::before': {
    borderBottom: '1px solid rgba(0, 0, 0, 0.42)',
    left: 0,
    bottom: 0,
    content: '""',
    position: 'absolute',
    right: 0,
    transition: theme.transitions.create('border-bottom-color', { duration: theme.transitions.duration.shorter }),
    pointerEvents: 'none',
  },
  '&::after': {
    borderBottom: `2px solid ${theme.palette.primary.main}`,
    left: 0,
    bottom: 0,
    content: '""',
    position: 'absolute',
    right: 0,
    transform: 'scaleX(0)',
    transition: theme.transitions.create('transform', {
      duration: theme.transitions.duration.shorter,
      easing: theme.transitions.easing.easeOut,
    }),
    pointerEvents: 'none',
  },
  '&[data-focused="true"]::after': { transform: 'scaleX(1) translateX(0)' },
  '&[data-error="true"]::before, &[data-error="true"]::after': { borderBottomColor: theme.palette.error.main },
  '&:hover:not([data-disabled="true"], [data-error="true"])::before': {
    borderBottom: `2px solid ${theme.palette.text.primary}`,
    '@media (hover: none)': { borderBottom: '1px solid rgba(0, 0, 0, 0.42)' },
  },
  '&[data-disabled="true"]': { color: theme.palette.text.disabled, cursor: 'default' },
  '&[data-disabled="true"]::before': { borderBottomStyle: 'dotted' },
}));

const placeholderHidden = { opacity: '0 !important' };
const Input = styled('input')(({ theme }) => ({
  font: 'inherit',
  letterSpacing: 'inherit',
  color: 'currentColor',
  padding: '4px 0 5px',
  border: 0,
  boxSizing: 'content-box',
  background: 'none',
  height: '1.4375em',
  margin: 0,
  WebkitTapHighlightColor: 'transparent',
  display: 'block',
  minWidth: 0,
  width: '100%',
  '&::placeholder': {
    color: 'currentColor',
    opacity: 0.42,
    transition: theme.transitions.create('opacity', { duration: theme.transitions.duration.shorter }),
  },
  '&:focus': { outline: 0 },
  '&:invalid': { boxShadow: 'none' },
  '&::-webkit-search-decoration': { WebkitAppearance: 'none' },
  // the placeholder shows only under a raised label (or with focus)
  'label[data-shrink=false] + div > &::placeholder': placeholderHidden,
  'label[data-shrink=false] + div > &:focus::placeholder': { opacity: 0.42 },
  '&[data-size="small"]': { paddingTop: 1 },
  '&:disabled': { opacity: 1, WebkitTextFillColor: theme.palette.text.disabled },
}));

const HelperText = styled('p')(({ theme }) => ({
  color: theme.palette.text.secondary,
  ...theme.typography.caption,
  textAlign: 'left',
  margin: 0,
  marginTop: 3,
  '&[data-size="small"]': { marginTop: 4 },
  // (not greyed out when the field is disabled: the hint says why it is fixed, and must stay readable)
  '&[data-error="true"]': { color: theme.palette.error.main },
}));

type FieldState = { 'data-error'?: string; 'data-disabled'?: string; 'data-size'?: string };

// The message under a field, linked to it by aria-describedby; a single space keeps the row's
// height, as MUI's helper text does.
export function FieldHelper({ id, text, ...state }: { id: string; text: ReactNode } & FieldState) {
  if (text === undefined || text === null) return null;
  return (
    <HelperText id={id} {...state}>
      {text === ' ' ? (
        <span className="notranslate" aria-hidden>
          {'\u200b'}
        </span>
      ) : (
        text
      )}
    </HelperText>
  );
}

type LabelProps = { text: ReactNode; required?: boolean; id?: string; htmlFor: string } & FieldState & {
    'data-shrink': 'true' | 'false';
    'data-focused'?: 'true';
  };

// The label above a field, with the required mark (hidden from screen readers: the field itself
// says it is required).
export function FieldLabel({ text, required, ...props }: LabelProps) {
  return (
    <Label {...props}>
      {text}
      {required ? (
        <Asterisk aria-hidden data-error={props['data-error']}>
          {'\u2009*'}
        </Asterisk>
      ) : null}
    </Label>
  );
}

// Holds an icon or button at the field's end (MUI's InputAdornment, position "end").
export const FieldAdornment = styled('div')(({ theme }) => ({
  display: 'flex',
  height: '0.01em',
  maxHeight: '2em',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  color: theme.palette.action.active,
  marginLeft: 8,
}));

export function FormTextField({
  label,
  id,
  helperText,
  error,
  required,
  disabled,
  shrinkLabel,
  size,
  margin = 'dense',
  sx,
  endAdornment,
  inputProps,
  ...input
}: FormTextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  const hasHelper = helperText !== undefined && helperText !== null;
  const [focused, setFocused] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const state = {
    'data-error': error ? 'true' : undefined,
    'data-disabled': disabled ? 'true' : undefined,
    'data-size': size,
  };
  return (
    <Root margin={margin} sx={sx}>
      <FieldLabel
        text={label}
        required={required}
        htmlFor={inputId}
        data-shrink={shrinkLabel || focused || input.value !== '' ? 'true' : 'false'}
        data-focused={focused && !disabled ? 'true' : undefined}
        {...state}
      />
      <InputRoot
        data-focused={focused && !disabled ? 'true' : undefined}
        {...state}
        // a click on the field's padding or underline puts the caret in it, as MUI's does
        onClick={(event) => {
          if (event.target === event.currentTarget) inputRef.current?.focus();
        }}
      >
        <Input
          ref={inputRef}
          id={inputId}
          {...input}
          {...inputProps}
          required={required}
          disabled={disabled}
          data-size={size}
          aria-describedby={hasHelper ? helperId : undefined}
          aria-invalid={error || undefined}
          onFocus={(event) => {
            setFocused(true);
            inputProps?.onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            inputProps?.onBlur?.(event);
          }}
        />
        {endAdornment}
      </InputRoot>
      <FieldHelper id={helperId} text={helperText} {...state} />
    </Root>
  );
}
