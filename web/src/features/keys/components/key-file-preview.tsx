import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { downloadTextFile } from '../../../shared/ui/download-text-file';
import { FormTextField } from '../../../shared/ui/form-text-field';

type Props = {
  label: string;
  fileName: string;
  onFileNameChange: (name: string) => void;
  pem: string;
  defaultFileName: string;
};

// One half of a key pair: editable download name, the PEM text, and a Download button.
export function KeyFilePreview({ label, fileName, onFileNameChange, pem, defaultFileName }: Props) {
  const pemId = useId();
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0 }}
    >
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <FormTextField
          label={`${label} file name`}
          value={fileName}
          onChange={(event) => onFileNameChange(event.target.value)}
          size="small"
          margin="none"
          inputProps={{ spellCheck: false }}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<Download />}
          onClick={() => downloadTextFile(fileName.trim() || defaultFileName, pem)}
          aria-label={`Download ${label.toLowerCase()}`}
          sx={{ flexShrink: 0 }}
        >
          Download
        </Button>
      </Box>
      <Box
        component="textarea"
        id={pemId}
        readOnly
        value={pem}
        aria-label={`${label} (PEM)`}
        rows={6}
        spellCheck={false}
        sx={{
          mt: 1.5,
          width: '100%',
          resize: 'vertical',
          fontFamily: '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.72rem',
          lineHeight: 1.45,
          p: 1,
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fafafa',
          color: 'text.primary',
        }}
      />
    </Box>
  );
}
