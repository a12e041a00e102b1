import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import type { MessageDialogProps } from './message-dialog';

const ICONS = {
  success: { Icon: CheckCircleOutlined, color: 'success.main' },
  danger: { Icon: ErrorOutlined, color: 'error.main' },
  warning: { Icon: WarningAmber, color: 'warning.main' },
  info: { Icon: InfoOutlined, color: 'info.main' },
} as const;

// The dialog MessageDialog loads on its first opening (see message-dialog.tsx).
export default function MessageDialogBody({
  open,
  severity,
  title,
  message,
  children,
  confirmLabel = 'Ok',
  onConfirm,
  actions,
}: MessageDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const { Icon, color } = ICONS[severity];
  const isAlert = severity === 'danger' || severity === 'warning';
  return (
    <Dialog
      open={open}
      onClose={onConfirm}
      maxWidth="xs"
      fullWidth
      role={isAlert ? 'alertdialog' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }} aria-hidden>
        <Icon sx={{ fontSize: 72, color }} />
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center', fontSize: '1.6rem', fontWeight: 400, pb: 1 }}>
        {title}
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Typography id={messageId} component="div" color="text.secondary">
          {message}
        </Typography>
        {children}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
        {actions}
        <Button variant="contained" color={severity === 'danger' ? 'error' : 'primary'} onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
