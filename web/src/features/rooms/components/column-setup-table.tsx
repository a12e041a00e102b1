import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ValueKind } from '../../../crypto/normalise';
import { PARTNER_ROLE_OPTIONS, ROLES_BY_STORAGE, type PartnerRole } from '../privacy';
import { roleFor, type ColumnSetup, type SetupProblems } from '../upload/column-setup';
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
  // under "full" partners receive every column: the switches show it and cannot change it
  allShared: boolean;
};

// One row per CSV column (a card each on phones): its (cleaned, editable) name, role, for join
// keys the join domain and how values are normalised, and what partners may do with it (a
// metric's bounds too), in plain words.
export function ColumnSetupTable({ columns, sample, problems, onChange, allShared }: Props) {
  const stacked = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const update = (source: number, change: Partial<ColumnSetup>) =>
    onChange(columns.map((column) => (column.source === source ? { ...column, ...change } : column)));
  const fields = (column: ColumnSetup) => {
    const problem = problems.columns[column.source] ?? {};
    const example = sample[0]?.[column.source];
    const label = column.name || `column ${column.source + 1}`;
    return {
      name: (
        <TextField
          label={`Name of column ${column.source + 1}`}
          value={column.name}
          onChange={(event) => update(column.source, { name: event.target.value })}
          error={Boolean(problem.name)}
          helperText={problem.name ?? `CSV: ${column.original}${example ? ` (e.g. ${example})` : ''}`}
          variant="standard"
          size="small"
          fullWidth
          slotProps={{ formHelperText: { sx: { overflowWrap: 'anywhere' } } }}
        />
      ),
      role: (
        <TextField
          select
          label={`Role of ${label}`}
          value={column.role}
          onChange={(event) => {
            const role = event.target.value as ColumnRole;
            update(column.source, { role, partnerRole: roleFor(role, column.partnerRole) });
          }}
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
      ),
      join:
        column.role === 'join' ? (
          <>
            <TextField
              label={`Join domain of ${label}`}
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
              label={`Values of ${label}`}
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
        ) : null,
      partners: allShared ? (
        <Typography variant="body2" color="text.secondary">
          Everything (the rule below lets partners see every column)
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <TextField
            select
            label={`What partners may do with ${label}`}
            value={column.partnerRole}
            onChange={(event) => {
              const partnerRole = event.target.value as PartnerRole;
              update(column.source, { partnerRole });
            }}
            helperText={PARTNER_ROLE_OPTIONS[column.partnerRole].help}
            variant="standard"
            size="small"
            fullWidth
          >
            {ROLES_BY_STORAGE[column.role].map((role) => (
              <MenuItem key={role} value={role}>
                {PARTNER_ROLE_OPTIONS[role].label}
              </MenuItem>
            ))}
          </TextField>
          {column.partnerRole === 'metric' ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                label={`Lower bound of ${label}`}
                value={column.lower}
                onChange={(event) => update(column.source, { lower: event.target.value })}
                error={Boolean(problem.lower)}
                helperText={problem.lower ?? 'Smallest value that counts'}
                variant="standard"
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                label={`Upper bound of ${label}`}
                value={column.upper}
                onChange={(event) => update(column.source, { upper: event.target.value })}
                error={Boolean(problem.upper)}
                helperText={problem.upper ?? 'Largest value that counts'}
                variant="standard"
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Box>
          ) : null}
        </Box>
      ),
    };
  };

  if (stacked) {
    return (
      <Box component="ul" aria-label="Columns" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {columns.map((column) => {
          const f = fields(column);
          return (
            <Paper component="li" key={column.source} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1 }}>
              {f.name}
              {f.role}
              {f.join}
              {f.partners}
            </Paper>
          );
        })}
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Columns">
        <TableHead>
          <TableRow>
            <TableCell>Column</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Join domain and values</TableCell>
            <TableCell>What partners may do</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((column) => {
            const f = fields(column);
            return (
              <TableRow key={column.source} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ minWidth: 160 }}>{f.name}</TableCell>
                <TableCell sx={{ minWidth: 180 }}>{f.role}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{f.join ?? '—'}</TableCell>
                <TableCell sx={{ minWidth: 240, maxWidth: 320 }}>{f.partners}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
