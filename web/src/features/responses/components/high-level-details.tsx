import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import Info from '@mui/icons-material/Info';
import { formatKeyId, isKeyId } from '../../../crypto/keys';
import type { RequestRowState } from '../../../shared/requests/request-routes';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';

const COLUMNS = ['Title', 'Type', 'Key', 'Created', 'Description'];

// Spec "Request detail": the High Level Details table (Title, Type, Key, Created, Description).
export function HighLevelDetails({ details }: { details: RequestRowState }) {
  return (
    <IconCard icon={Info} color="purple" title="High Level Details" id="high-level-details">
      <TableContainer>
        <Table aria-label="High Level Details" size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell sx={{ fontWeight: 500, minWidth: 120, overflowWrap: 'anywhere' }}>{details.title}</TableCell>
              <TableCell>{details.typeName}</TableCell>
              <TableCell>
                <Box
                  component="code"
                  sx={{ fontSize: '0.75rem', wordBreak: 'break-all', display: 'block', minWidth: 140 }}
                >
                  {isKeyId(details.keyId) ? formatKeyId(details.keyId) : details.keyId}
                </Box>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(details.createdAt)}</TableCell>
              <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{details.description || '—'}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </IconCard>
  );
}
