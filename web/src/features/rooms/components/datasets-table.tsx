import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { DatasetList_DatasetFragment } from '../datasets.generated';
import { formatDateTime } from '../../../shared/ui/format-date';
import { ruleLabel } from '../analysis-rule';
import { PARTNER_ROLE_OPTIONS, type PartnerRole } from '../privacy';

type Dataset = DatasetList_DatasetFragment;
type Props = {
  datasets: Dataset[];
  selected: readonly string[];
  onToggle: (id: string) => void;
  nameOf: (userId: string) => string;
  // the uploader changes a set's rule; a partner asks for more than it allows
  onEditRule: (dataset: Dataset) => void;
  onRequestAccess: (dataset: Dataset) => void;
};

// Long names wrap between words, and break inside a word only when it cannot fit a line alone
// (no automatic hyphenation: a name is shown as its uploader typed it).
const wrap = { overflowWrap: 'break-word', wordBreak: 'normal', hyphens: 'manual' } as const;

// What partners may do with a column, in a chip's words: the uploader sees every column's role;
// a partner sees what they may do (nothing said for shared columns: they receive them).
function roleWords(dataset: Dataset, column: Dataset['columns'][number]): string | null {
  const role = column.partnerRole as PartnerRole;
  const bounds =
    role === 'metric' && column.lower !== null && column.upper !== null
      ? ` ${column.lower}${column.lower < 0 ? ' to ' : '-'}${column.upper}`
      : '';
  const label = `${PARTNER_ROLE_OPTIONS[role]?.label.toLowerCase() ?? role}${bounds}`;
  if (dataset.mine) return label;
  if (dataset.partnerAccess === 'full' || role === 'shared') return null;
  return role === 'private' ? 'withheld' : label;
}

function ColumnChips({ dataset }: { dataset: Dataset }) {
  return dataset.columns.map((column) => {
    const withheld = !dataset.mine && dataset.partnerAccess !== 'full' && column.partnerRole === 'private';
    const kind = column.role === 'join' ? `join: ${column.domain}` : column.role;
    const role = roleWords(dataset, column);
    return (
      <Chip
        key={column.name}
        size="small"
        variant="outlined"
        color={column.role === 'join' ? 'primary' : column.role === 'clear' ? 'warning' : 'default'}
        label={`${column.name} (${kind}${role ? `, ${role}` : ''})`}
        sx={{
          mr: 0.5,
          mb: 0.5,
          maxWidth: '100%',
          ...(withheld ? { borderStyle: 'dashed' } : {}),
          // the warning colour is 4.2:1 on a hovered or selected row's grey: its darker shade
          ...(column.role === 'clear' ? { color: 'warning.dark' } : {}),
        }}
      />
    );
  });
}

function RuleCell({
  dataset,
  onEditRule,
  onRequestAccess,
}: { dataset: Dataset } & Pick<Props, 'onEditRule' | 'onRequestAccess'>) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Typography variant="body2">
        {ruleLabel(dataset.partnerAccess, dataset.minGroupSize)
          .split(' · ')
          .map((part, i) => (
            <Box component="span" key={part} sx={{ whiteSpace: 'nowrap' }}>
              {i ? ' · ' : ''}
              {part}
            </Box>
          ))}
      </Typography>
      {dataset.mine ? (
        <Button size="small" onClick={() => onEditRule(dataset)} aria-label={`Change the rule of ${dataset.name}`}>
          Change the rule
        </Button>
      ) : dataset.partnerAccess === 'full' ? null : (
        <Button size="small" onClick={() => onRequestAccess(dataset)} aria-label={`Request access to ${dataset.name}`}>
          Request access
        </Button>
      )}
    </Box>
  );
}

// The room's complete data sets, with a checkbox each for Compare, Join, Aggregate, Report and
// Delete, and each set's analysis rule. Phones get one card a set.
export function DatasetsTable({ datasets, selected, onToggle, nameOf, onEditRule, onRequestAccess }: Props) {
  const stacked = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const select = (dataset: Dataset) => (
    <Checkbox
      checked={selected.includes(dataset.id)}
      onChange={() => onToggle(dataset.id)}
      slotProps={{ input: { 'aria-label': `Select ${dataset.name}` } }}
    />
  );
  const uploaded = (dataset: Dataset) =>
    `${formatDateTime(dataset.createdAt)} by ${dataset.mine ? 'you' : nameOf(dataset.uploadedBy)}`;

  if (stacked) {
    return (
      <Box component="ul" aria-label="Data sets" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {datasets.map((dataset) => (
          <Paper
            component="li"
            key={dataset.id}
            variant="outlined"
            sx={{ p: 1.5, bgcolor: selected.includes(dataset.id) ? 'action.selected' : undefined }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ ml: -1, mt: -0.75 }}>{select(dataset)}</Box>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="subtitle2" component="h4" sx={wrap}>
                  {dataset.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {dataset.rowCount.toLocaleString('en-US')} rows · {uploaded(dataset)}
                </Typography>
              </Box>
            </Box>
            <Box sx={{ mt: 1 }}>
              <ColumnChips dataset={dataset} />
            </Box>
            <RuleCell dataset={dataset} onEditRule={onEditRule} onRequestAccess={onRequestAccess} />
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Data sets">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Name</TableCell>
            <TableCell align="right">Rows</TableCell>
            <TableCell>Columns</TableCell>
            <TableCell>Rule</TableCell>
            <TableCell>Uploaded</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {datasets.map((dataset) => (
            <TableRow key={dataset.id} hover selected={selected.includes(dataset.id)}>
              <TableCell padding="checkbox">{select(dataset)}</TableCell>
              <TableCell sx={{ ...wrap, minWidth: 120, maxWidth: 240 }}>{dataset.name}</TableCell>
              <TableCell align="right">{dataset.rowCount.toLocaleString('en-US')}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <ColumnChips dataset={dataset} />
              </TableCell>
              <TableCell sx={{ minWidth: 150 }}>
                <RuleCell dataset={dataset} onEditRule={onEditRule} onRequestAccess={onRequestAccess} />
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>{uploaded(dataset)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
