import ContentCopy from '@mui/icons-material/ContentCopy';
import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { IconCard } from '../../../shared/ui/icon-card';
import { useCopy } from '../../../shared/ui/copyable-value';

export const participantLink = (requestId: string, origin = window.location.origin) => `${origin}/p/r/${requestId}`;

// The QR library (qrcode) loads only with this card.
function useQrCode(text: string): string | null {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then(async (QRCode) => {
      const url = await QRCode.toDataURL(text, { margin: 1, width: 480, errorCorrectionLevel: 'M' });
      if (!cancelled) setImage({ text, url });
    });
    return () => {
      cancelled = true;
    };
  }, [text]);
  return image?.text === text ? image.url : null;
}

/** A published request's link for participants (the web app under /p), with a QR code to share. */
export function ParticipantLinkCard({ requestId, title }: { requestId: string; title: string }) {
  const link = participantLink(requestId);
  const qr = useQrCode(link);
  const [copied, copy] = useCopy(link);
  return (
    <IconCard
      icon={QrCode2}
      color="purple"
      title="Participant link"
      subtitle="Share it: anyone with it can answer from a phone"
      id="participant-link"
    >
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ width: 180, height: 180, flexShrink: 0, mx: { xs: 'auto', sm: 0 } }}>
          {qr ? (
            <Box
              component="img"
              src={qr}
              alt={`QR code of the participant link for ${title}`}
              sx={{ width: 180, height: 180, imageRendering: 'pixelated', display: 'block' }}
            />
          ) : (
            <Skeleton variant="rectangular" width={180} height={180} aria-label="Drawing the QR code" />
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <TextField
            label="Participant link"
            value={link}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: '0.85rem' } } }}
            onFocus={(e) => e.target.select()}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            {qr ? (
              <Button component="a" href={qr} download={`parley-${requestId.slice(0, 8)}-qr.png`}>
                Download QR code
              </Button>
            ) : null}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Participants open it in any phone browser, see what you ask and the bonus, and answer. Collection answers
            are encrypted on their phone to this request&apos;s key.
          </Typography>
        </Box>
      </Box>
    </IconCard>
  );
}
