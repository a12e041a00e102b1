import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';

type Props = {
  label: string;
  help: string;
  fileName: string | null;
  error: string | null;
  onPick: (file: File) => void;
};

// A labelled key file input: a visible button, the chosen name, and the problem with it if any.
// Any file may be chosen: the caller judges it by content.
export function PemFilePicker({ label, help, fileName, error, onPick }: Props) {
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Box
      sx={{ border: '1px dashed', borderColor: error ? 'error.main' : 'divider', borderRadius: 1, p: 2, minWidth: 0 }}
    >
      <Typography component="label" htmlFor={inputId} variant="subtitle2" sx={{ display: 'block', mb: 1 }}>
        {label}
      </Typography>
      <input
        ref={input}
        id={inputId}
        type="file"
        // the visible button below is the control keyboard and screen-reader users operate
        tabIndex={-1}
        aria-hidden
        aria-describedby={helpId}
        aria-invalid={error ? true : undefined}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          // choosing the same file again must fire another change
          event.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFile />}
          onClick={() => input.current?.click()}
          aria-label={`Choose file: ${label}`}
          aria-describedby={helpId}
        >
          Choose file
        </Button>
        <Typography
          variant="body2"
          color={fileName ? 'text.primary' : 'text.secondary'}
          sx={{ wordBreak: 'break-all' }}
        >
          {fileName ?? 'No file chosen'}
        </Typography>
      </Box>
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ?? help}
      </FormHelperText>
    </Box>
  );
}
