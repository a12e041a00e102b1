import Info from '@mui/icons-material/Info';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { formatKeyId, isKeyId } from '../../../crypto/keys';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import type { RequestRowState } from '../../../shared/requests/request-routes';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';
import { LabelValueTable } from '../../../shared/ui/label-value-table';

// short words never break ("Collection" once wrapped as "Collectio n"); long text wraps anywhere
const CELL_SX: Record<string, object> = {
  Title: { fontWeight: 500, minWidth: 120, overflowWrap: 'anywhere' },
  Type: { whiteSpace: 'nowrap' },
  Key: { overflowWrap: 'anywhere' },
  Created: { whiteSpace: 'nowrap' },
  Description: { minWidth: 160, overflowWrap: 'anywhere' },
};

// Spec "Request detail": the High Level Details table (Title, Type, Key, Created, Description);
// on a phone the same five as label and value.
export function HighLevelDetails({ details }: { details: RequestRowState }) {
  const phone = useIsPhone();
  const columns: [string, ReactNode][] = [
    ['Title', details.title],
    ['Type', details.typeName],
    [
      'Key',
      <Box component="code" sx={{ fontSize: '0.75rem', wordBreak: 'break-all', display: 'block', minWidth: 140 }}>
        {isKeyId(details.keyId) ? formatKeyId(details.keyId) : details.keyId}
      </Box>,
    ],
    ['Created', formatDateTime(details.createdAt)],
    ['Description', details.description || '—'],
  ];
  return (
    <IconCard icon={Info} color="purple" title="High Level Details" id="high-level-details">
      {phone ? (
        <LabelValueTable label="High Level Details" rows={columns} />
      ) : (
        <TableContainer>
          <Table aria-label="High Level Details" size="small">
            <TableHead>
              <TableRow>
                {columns.map(([name]) => (
                  <TableCell key={name}>{name}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                {columns.map(([name, value]) => (
                  <TableCell key={name} sx={CELL_SX[name]}>
                    {value}
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </IconCard>
  );
}
