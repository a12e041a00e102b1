import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { useEffect, useId, useMemo, useRef } from 'react';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

type Props = {
  currentUrl: string | null;
  nickname: string;
  file: File | null;
  error: string | null;
  onChange: (file: File | null, error: string | null) => void;
};

// Shows the current picture or the newly chosen one; the upload happens on Save.
export function AvatarPicker({ currentUrl, nickname, file, error, onChange }: Props) {
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const previewUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Avatar
        src={previewUrl ?? currentUrl ?? undefined}
        alt={`Profile picture of ${nickname}`}
        sx={{ width: 120, height: 120, fontSize: 48, bgcolor: 'primary.main', boxShadow: 4 }}
      >
        {nickname.slice(0, 1).toUpperCase()}
      </Avatar>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        // the visible button below is the control keyboard and screen-reader users operate
        tabIndex={-1}
        aria-hidden
        aria-label="Profile picture"
        aria-describedby={helpId}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (!chosen) return;
          const allowed = (AVATAR_TYPES as readonly string[]).includes(chosen.type);
          onChange(allowed ? chosen : null, allowed ? null : 'Choose a PNG, JPEG, GIF or WebP image.');
        }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PhotoCamera />}
          onClick={() => input.current?.click()}
          aria-describedby={helpId}
        >
          {currentUrl || file ? 'Change picture' : 'Add picture'}
        </Button>
        {file ? (
          <Button size="small" onClick={() => onChange(null, null)}>
            Undo
          </Button>
        ) : null}
      </Box>
      <FormHelperText id={helpId} error={Boolean(error)} sx={{ textAlign: 'center', mt: 0 }}>
        {error ?? (file ? `${file.name} will be uploaded when you save.` : 'PNG, JPEG, GIF or WebP')}
      </FormHelperText>
    </Box>
  );
}
