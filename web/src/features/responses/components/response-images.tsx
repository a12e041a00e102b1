import BrokenImage from '@mui/icons-material/BrokenImage';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Close from '@mui/icons-material/Close';
import { useEffect, useState } from 'react';
import { fromHex, toHex } from '../../../crypto/bytes';
import { decryptResponseImage, sniffImageType } from '../../../crypto/collection-image';
import type { CollectionData } from '../../../crypto/collection-response';
import { safeImageLinks } from '../response-fields';
import { Hint } from '../../../shared/ui/hint';

// A link into Parley's own encrypted image store; only these are fetched (from this origin, never
// from a host a participant named) and opened with the response's data key.
const IMAGE_LINK = /\/v1\/requestClient\/image\/([A-Za-z0-9_-]{43})$/;
export const storedImageId = (link: string): string | null => {
  try {
    return IMAGE_LINK.exec(new URL(link).pathname)?.[1] ?? null;
  } catch {
    return null;
  }
};

type Opened = { status: 'open'; url: string } | { status: 'failed'; reason: string };

async function openImage(id: string, dataKey: Uint8Array, requestId: string, index: number): Promise<Opened> {
  const res = await fetch(`/v1/requestClient/image/${id}`).catch(() => null);
  if (!res?.ok) return { status: 'failed', reason: 'The image could not be downloaded.' };
  try {
    const plain = await decryptResponseImage(dataKey, requestId, index, new Uint8Array(await res.arrayBuffer()));
    const type = sniffImageType(plain);
    if (!type) return { status: 'failed', reason: 'The decrypted file is not an image.' };
    return { status: 'open', url: URL.createObjectURL(new Blob([plain], { type })) };
  } catch {
    return { status: 'failed', reason: 'The image could not be decrypted: it was altered or belongs elsewhere.' };
  }
}

function StoredImage({
  id,
  index,
  dataKey,
  requestId,
  memberId,
}: {
  id: string;
  index: number;
  dataKey: Uint8Array;
  requestId: string;
  memberId: string;
}) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [large, setLarge] = useState(false);
  // A refetch opens the response again into a new but equal key: the image stays as it is.
  const keyHex = toHex(dataKey);
  useEffect(() => {
    const dataKey = fromHex(keyHex);
    let cancelled = false;
    let url: string | null = null;
    void openImage(id, dataKey, requestId, index).then((result) => {
      if (result.status === 'open') url = result.url;
      if (cancelled) {
        if (url) URL.revokeObjectURL(url);
      } else setOpened(result);
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, keyHex, requestId, index]);

  const label = `Image ${index + 1} of ${memberId}`;
  if (!opened) return <Skeleton variant="rounded" width={48} height={48} aria-label={`Decrypting ${label}`} />;
  if (opened.status === 'failed') {
    return (
      <Hint title={opened.reason}>
        <Box
          role="img"
          aria-label={`${label}: ${opened.reason}`}
          sx={{
            width: 48,
            height: 48,
            display: 'grid',
            placeItems: 'center',
            color: 'error.main',
            bgcolor: '#fdecea',
            borderRadius: 1,
          }}
        >
          <BrokenImage />
        </Box>
      </Hint>
    );
  }
  return (
    <>
      <ButtonBase
        onClick={() => setLarge(true)}
        aria-label={`Enlarge ${label}`}
        sx={{ width: 48, height: 48, borderRadius: 1, overflow: 'hidden', boxShadow: 1 }}
      >
        <Box component="img" src={opened.url} alt={label} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </ButtonBase>
      <Dialog open={large} onClose={() => setLarge(false)} maxWidth="lg" aria-labelledby={`img-${id}`}>
        <DialogTitle id={`img-${id}`} sx={{ pr: 6 }}>
          {label}
          <IconButton
            aria-label="Close"
            onClick={() => setLarge(false)}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <Close />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <Box
            component="img"
            src={opened.url}
            alt={label}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto' }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A response's images: Parley-stored ones decrypted as thumbnails (click to enlarge), others as links. */
export function ResponseImages({
  data,
  dataKey,
  requestId,
  memberId,
}: {
  data: CollectionData;
  dataKey: Uint8Array;
  requestId: string;
  memberId: string;
}) {
  const links = safeImageLinks(data);
  if (links.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      {links.map((href, i) => {
        const id = storedImageId(href);
        return id ? (
          <StoredImage key={href} id={id} index={i} dataKey={dataKey} requestId={requestId} memberId={memberId} />
        ) : (
          <Link key={href} href={href} target="_blank" rel="noopener noreferrer" sx={{ display: 'block' }}>
            Image {i + 1}
          </Link>
        );
      })}
    </Box>
  );
}
