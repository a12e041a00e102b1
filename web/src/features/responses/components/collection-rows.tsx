import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Lock from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatKeyId, isKeyId } from '../../../crypto/keys';
import { LOAD_KEY_PAIR_PATH } from '../../../shared/settings-paths';
import { LabelValueTable } from '../../../shared/ui/label-value-table';
import type { OpenedRow } from '../hooks/use-decrypted-responses';
import { formatLocation, otherData, text } from '../response-fields';
import { ResponseImages } from './response-images';

// The spec's columns of a collection's responses (the review adds its own around them).
export const COLUMNS = [
  'Member ID',
  'First Name',
  'Last Name',
  'Age',
  'Mobile',
  'Email',
  'Gender',
  'Location',
  'Images',
];
const DATA_COLUMNS = COLUMNS.length - 1;

// The data cells of one row: decrypting, why it did not open, or what it holds.
export function OpenedCells({
  opened,
  requestId,
  memberId,
}: {
  opened: OpenedRow | undefined;
  requestId: string;
  memberId: string;
}) {
  if (!opened) {
    return (
      <TableCell colSpan={DATA_COLUMNS}>
        <Skeleton aria-label="Decrypting" />
      </TableCell>
    );
  }
  if (opened.status === 'failed') {
    return (
      <TableCell colSpan={DATA_COLUMNS} sx={{ color: 'error.main' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ErrorOutlined fontSize="small" aria-hidden />
          {opened.reason}
        </Box>
      </TableCell>
    );
  }
  const { data, dataKey } = opened;
  return (
    <>
      <TableCell>{text(data.firstName)}</TableCell>
      <TableCell>{text(data.lastName)}</TableCell>
      <TableCell align="right">{text(data.age)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{text(data.mobile)}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 200 }}>{text(data.email)}</TableCell>
      <TableCell>{text(data.gender)}</TableCell>
      <TableCell sx={{ minWidth: 150, maxWidth: 260 }}>{formatLocation(data.location)}</TableCell>
      <TableCell sx={{ minWidth: 100 }}>
        <ResponseImages data={data} dataKey={dataKey} requestId={requestId} memberId={memberId} />
      </TableCell>
    </>
  );
}

// On a phone each response is a small record of the same nine fields (and, under review, its payout).
export function StackedResponse({
  requestId,
  memberId,
  opened,
  locked,
  review,
}: {
  requestId: string;
  memberId: string;
  opened: OpenedRow | undefined;
  locked: boolean;
  review?: ReactNode;
}) {
  const member = (
    <Box component="code" sx={{ fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
      {memberId}
    </Box>
  );
  const head: [string, ReactNode][] = [
    ['Member ID', member],
    ...(review ? [['Payout', review] as [string, ReactNode]] : []),
  ];
  if (locked || !opened || opened.status === 'failed') {
    const note = locked ? 'Encrypted' : opened?.status === 'failed' ? opened.reason : 'Decrypting…';
    return (
      <LabelValueTable
        label={`Response ${memberId}`}
        rows={[
          ...head,
          ['Data', <Box sx={{ color: opened?.status === 'failed' ? 'error.main' : 'text.secondary' }}>{note}</Box>],
        ]}
      />
    );
  }
  const { data, dataKey } = opened;
  return (
    <LabelValueTable
      label={`Response ${memberId}`}
      rows={[
        ...head,
        ['First Name', text(data.firstName)],
        ['Last Name', text(data.lastName)],
        ['Age', text(data.age)],
        ['Mobile', text(data.mobile)],
        ['Email', text(data.email)],
        ['Gender', text(data.gender)],
        ['Location', formatLocation(data.location)],
        ['Images', <ResponseImages data={data} dataKey={dataKey} requestId={requestId} memberId={memberId} />],
        ...otherData(data).map((line): [string, string] => [
          line.slice(0, line.indexOf(':')),
          line.slice(line.indexOf(':') + 2),
        ]),
      ]}
    />
  );
}

export function MissingKey({ keyId }: { keyId: string }) {
  return (
    <Alert severity="warning" icon={<Lock />} sx={{ mb: 2 }}>
      <AlertTitle>Your private key for this request is not in this browser</AlertTitle>
      Responses are encrypted to the key{' '}
      <Box component="code" sx={{ wordBreak: 'break-all' }}>
        {isKeyId(keyId) ? formatKeyId(keyId) : keyId}
      </Box>
      , and only its private half can read them. It is kept in the browser where the key pair was made. Load the key
      pair in Settings → Load Key Pair, from its two key files (publicKey.txt and privateKey.txt) or from its encrypted
      backup, then come back here.
      <Box sx={{ mt: 1.5 }}>
        <Button component={RouterLink} to={LOAD_KEY_PAIR_PATH} variant="contained" color="warning" size="small">
          Load Key Pair in Settings
        </Button>
      </Box>
    </Alert>
  );
}
