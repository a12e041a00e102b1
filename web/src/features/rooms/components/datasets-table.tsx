import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type DatasetList_DatasetFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../shared/ui/format-date';

type Props = {
  datasets: DatasetList_DatasetFragment[];
  selected: readonly string[];
  onToggle: (id: string) => void;
  nameOf: (userId: string) => string;
};

// The room's complete data sets, with a checkbox each for Compare, Join, Report and Delete.
export function DatasetsTable({ datasets, selected, onToggle, nameOf }: Props) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Data sets">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Name</TableCell>
            <TableCell align="right">Rows</TableCell>
            <TableCell>Columns</TableCell>
            <TableCell>Uploaded</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {datasets.map((dataset) => (
            <TableRow key={dataset.id} hover selected={selected.includes(dataset.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.includes(dataset.id)}
                  onChange={() => onToggle(dataset.id)}
                  slotProps={{ input: { 'aria-label': `Select ${dataset.name}` } }}
                />
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{dataset.name}</TableCell>
              <TableCell align="right">{dataset.rowCount.toLocaleString('en-US')}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                {dataset.columns.map((column) => (
                  <Chip
                    key={column.name}
                    size="small"
                    variant="outlined"
                    color={column.role === 'join' ? 'primary' : column.role === 'clear' ? 'warning' : 'default'}
                    label={
                      column.role === 'join'
                        ? `${column.name} (join: ${column.domain})`
                        : `${column.name} (${column.role})`
                    }
                    sx={{ mr: 0.5, mb: 0.5 }}
                  />
                ))}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(dataset.createdAt)}
                <br />
                by {nameOf(dataset.uploadedBy)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
