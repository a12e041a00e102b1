import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Lock from '@mui/icons-material/Lock';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import People from '@mui/icons-material/People';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@apollo/client/react';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatKeyId, isKeyId } from '../../../crypto/keys';
import { CollectionResponsesDocument } from '../responses.generated';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { EmptyState } from '../../../shared/ui/empty-state';
import { IconCard } from '../../../shared/ui/icon-card';
import { LabelValueTable } from '../../../shared/ui/label-value-table';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { useDecryptedResponses, type OpenedRow } from '../hooks/use-decrypted-responses';
import { formatLocation, otherData, text } from '../response-fields';
import { CollectionCsvButton } from './collection-csv-button';
import { ResponseImages } from './response-images';
import { LOAD_KEY_PAIR_PATH } from '../../../shared/settings-paths';

export const RESPONSES_PAGE_SIZE = 25;
const COLUMNS = ['Member ID', 'First Name', 'Last Name', 'Age', 'Mobile', 'Email', 'Gender', 'Location', 'Images'];

function OpenedCells({
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
      <TableCell colSpan={COLUMNS.length - 1}>
        <Skeleton aria-label="Decrypting" />
      </TableCell>
    );
  }
  if (opened.status === 'failed') {
    return (
      <TableCell colSpan={COLUMNS.length - 1} sx={{ color: 'error.main' }}>
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
      <TableCell sx={{ overflowWrap: 'break-word', maxWidth: 260 }}>{text(data.email)}</TableCell>
      <TableCell>{text(data.gender)}</TableCell>
      <TableCell sx={{ minWidth: 180, maxWidth: 280 }}>{formatLocation(data.location)}</TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        <ResponseImages data={data} dataKey={dataKey} requestId={requestId} memberId={memberId} />
      </TableCell>
    </>
  );
}

// On a phone each response is a small record of the same nine fields.
function StackedResponse({
  requestId,
  memberId,
  opened,
  locked,
}: {
  requestId: string;
  memberId: string;
  opened: OpenedRow | undefined;
  locked: boolean;
}) {
  const member = (
    <Box component="code" sx={{ fontSize: '0.8rem' }}>
      {memberId}
    </Box>
  );
  if (locked || !opened || opened.status === 'failed') {
    const note = locked ? 'Encrypted' : opened?.status === 'failed' ? opened.reason : 'Decrypting…';
    return (
      <LabelValueTable
        label={`Response ${memberId}`}
        rows={[
          ['Member ID', member],
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
        ['Member ID', member],
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

function MissingKey({ keyId }: { keyId: string }) {
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

// The decrypted responses of a collection (spec: Member ID, First Name, Last Name, Age, Mobile,
// Email, Gender, Location, Images), opened here with the request key's private half.
export function CollectionResponses({ requestId, keyId, title }: { requestId: string; keyId: string; title: string }) {
  const [page, setPage] = useState(0);
  const { data, previousData, loading, error, refetch } = useQuery(CollectionResponsesDocument, {
    variables: { requestId, offset: page * RESPONSES_PAGE_SIZE, limit: RESPONSES_PAGE_SIZE },
  });
  const shown = (data ?? previousData)?.requestResponses;
  const decryption = useDecryptedResponses(requestId, keyId, shown?.list ?? null);
  const phone = useIsPhone();

  let body;
  if (error && !shown) {
    body = <LoadErrorAlert message="The responses could not be loaded." onRetry={() => void refetch()} />;
  } else if (shown && shown.count === 0) {
    body = <EmptyState icon={PhonelinkErase} title="NOBODY ACCEPTED ON THE PHONE APPLICATION" />;
  } else {
    const failed =
      decryption.state === 'no-key' ? 0 : [...decryption.rows.values()].filter((r) => r.status === 'failed').length;
    body = (
      <>
        {decryption.state === 'no-key' ? <MissingKey keyId={keyId} /> : null}
        {failed > 0 && decryption.state === 'done' ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failed === 1 ? '1 response' : `${failed} responses`} on this page could not be decrypted; the others are
            shown.
          </Alert>
        ) : null}
        {phone && shown ? (
          <Box role="list" aria-label="Responses" sx={{ display: 'grid', gap: 2 }}>
            {shown.list.map((row) => (
              <Box role="listitem" key={row.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <StackedResponse
                  requestId={requestId}
                  memberId={row.memberId}
                  locked={decryption.state === 'no-key'}
                  opened={decryption.state === 'no-key' ? undefined : decryption.rows.get(row.id)}
                />
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table aria-label="Responses" size="small" aria-busy={loading || decryption.state === 'decrypting'}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align={column === 'Age' ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {!shown
                  ? Array.from({ length: 3 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={COLUMNS.length}>
                          <Skeleton />
                        </TableCell>
                      </TableRow>
                    ))
                  : shown.list.map((row) => {
                      const opened = decryption.state === 'no-key' ? undefined : decryption.rows.get(row.id);
                      const extra = opened?.status === 'open' ? otherData(opened.data) : [];
                      return (
                        <Fragment key={row.id}>
                          <TableRow hover>
                            <TableCell>
                              <Box component="code" sx={{ fontSize: '0.8rem' }}>
                                {row.memberId}
                              </Box>
                            </TableCell>
                            {decryption.state === 'no-key' ? (
                              <TableCell colSpan={COLUMNS.length - 1} sx={{ color: 'text.secondary' }}>
                                Encrypted
                              </TableCell>
                            ) : (
                              <OpenedCells opened={opened} requestId={requestId} memberId={row.memberId} />
                            )}
                          </TableRow>
                          {extra.length > 0 ? (
                            <TableRow>
                              <TableCell />
                              <TableCell
                                colSpan={COLUMNS.length - 1}
                                sx={{ pt: 0, color: 'text.secondary', fontSize: '0.8rem' }}
                              >
                                {extra.join(' · ')}
                              </TableCell>
                            </TableRow>
                          ) : null}
                        </Fragment>
                      );
                    })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {shown && shown.count > RESPONSES_PAGE_SIZE ? (
          <TablePagination
            component="div"
            count={shown.count}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={RESPONSES_PAGE_SIZE}
            rowsPerPageOptions={[RESPONSES_PAGE_SIZE]}
          />
        ) : null}
      </>
    );
  }
  return (
    <IconCard
      icon={People}
      color="green"
      title="Responses"
      subtitle={`${shown ? `${shown.count} response${shown.count === 1 ? '' : 's'}, ` : ''}decrypted in this browser only`}
      id="responses"
      action={
        shown && shown.count > 0 ? <CollectionCsvButton requestId={requestId} keyId={keyId} title={title} /> : undefined
      }
    >
      {body}
    </IconCard>
  );
}
