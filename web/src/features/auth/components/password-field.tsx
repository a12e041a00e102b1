import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { FieldAdornment, FormTextField, type FormTextFieldProps } from '../../../shared/ui/form-text-field';

// A password input with a show/hide toggle that screen readers can operate.
export function PasswordField(props: Omit<FormTextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <FieldAdornment>
          <IconButton
            size="small"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            onClick={() => setVisible((value) => !value)}
            edge="end"
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </FieldAdornment>
      }
    />
  );
}
