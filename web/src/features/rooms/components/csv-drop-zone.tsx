import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useId, useRef, useState } from 'react';

// Drop a CSV here, or pick one with the button (the keyboard and screen-reader path).
export function CsvDropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  return (
    <Box
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
      data-testid="csv-drop-zone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: { xs: 2, sm: 4 },
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <UploadFile aria-hidden sx={{ fontSize: 40, color: 'text.secondary' }} />
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ my: 1 }}>
        Drop a CSV file here. It is parsed and encrypted in this browser; only ciphertext, join tokens and the columns
        you leave in clear are uploaded.
      </Typography>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hintId}>
        Choose a CSV file
      </Button>
      <Box
        component="input"
        ref={input}
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file"
        tabIndex={-1}
        sx={visuallyHidden}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
