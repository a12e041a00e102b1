import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { type ValueKind } from '../../../crypto/normalise';
import { type ColumnSetup, type SetupProblems } from '../upload/column-setup';
import { type ColumnRole } from '../upload/encrypt-rows';

const ROLES: { value: ColumnRole; label: string }[] = [
  { value: 'sealed', label: 'Sealed (encrypted only)' },
  { value: 'join', label: 'Join key (comparable token + sealed copy)' },
  { value: 'clear', label: 'Clear (stored as is)' },
];
const KINDS: { value: ValueKind; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'email', label: 'E-mail' },
  { value: 'phone', label: 'Phone number' },
];

type Props = {
  columns: ColumnSetup[];
  sample: string[][];
  problems: SetupProblems;
  onChange: (columns: ColumnSetup[]) => void;
};

// One row per CSV column: its (cleaned, editable) name, role, and for join keys the join domain
// and how values are normalised before tokenising.
export function ColumnSetupTable({ columns, sample, problems, onChange }: Props) {
  const update = (source: number, change: Partial<ColumnSetup>) =>
    onChange(columns.map((column) => (column.source === source ? { ...column, ...change } : column)));
  return (
    <TableContainer>
      <Table size="small" aria-label="Columns">
        <TableHead>
          <TableRow>
            <TableCell>Column</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Join domain and values</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((column) => {
            const problem = problems.columns[column.source] ?? {};
            const example = sample[0]?.[column.source];
            return (
              <TableRow key={column.source} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ minWidth: 160 }}>
                  <TextField
                    label={`Name of column ${column.source + 1}`}
                    value={column.name}
                    onChange={(event) => update(column.source, { name: event.target.value })}
                    error={Boolean(problem.name)}
                    helperText={problem.name ?? `CSV: ${column.original}${example ? ` (e.g. ${example})` : ''}`}
                    variant="standard"
                    size="small"
                    fullWidth
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  <TextField
                    select
                    label={`Role of ${column.name || `column ${column.source + 1}`}`}
                    value={column.role}
                    onChange={(event) => update(column.source, { role: event.target.value as ColumnRole })}
                    error={Boolean(problem.role)}
                    helperText={problem.role}
                    variant="standard"
                    size="small"
                    fullWidth
                  >
                    {ROLES.map((role) => (
                      <MenuItem key={role.value} value={role.value}>
                        {role.label}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  {column.role === 'join' ? (
                    <>
                      <TextField
                        label={`Join domain of ${column.name || `column ${column.source + 1}`}`}
                        value={column.domain}
                        onChange={(event) => update(column.source, { domain: event.target.value })}
                        error={Boolean(problem.domain)}
                        helperText={problem.domain ?? 'Columns of one domain can be matched'}
                        variant="standard"
                        size="small"
                        fullWidth
                      />
                      <TextField
                        select
                        label={`Values of ${column.name || `column ${column.source + 1}`}`}
                        value={column.kind}
                        onChange={(event) => update(column.source, { kind: event.target.value as ValueKind })}
                        variant="standard"
                        size="small"
                        fullWidth
                        sx={{ mt: 1 }}
                      >
                        {KINDS.map((kind) => (
                          <MenuItem key={kind.value} value={kind.value}>
                            {kind.label}
                          </MenuItem>
                        ))}
                      </TextField>
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
