import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Input from '@mui/material/Input';
import InputLabel from '@mui/material/InputLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';

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

// The standard-variant text field, assembled from its parts. MUI's TextField also bundles Select
// (and with it Menu and Popover) even when unused; this keeps the open pages' JS small.
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
  return (
    <FormControl
      fullWidth
      variant="standard"
      error={error}
      required={required}
      disabled={disabled}
      size={size}
      margin={margin}
      sx={sx}
    >
      <InputLabel htmlFor={inputId} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <Input
        id={inputId}
        {...input}
        endAdornment={endAdornment}
        inputProps={{
          ...inputProps,
          'aria-describedby': hasHelper ? helperId : undefined,
          'aria-invalid': error || undefined,
        }}
      />
      {hasHelper ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
