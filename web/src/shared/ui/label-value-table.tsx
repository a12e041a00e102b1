import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

// A two-column table of labelled values: a record on a narrow screen, or a summary.
export function LabelValueTable({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Table aria-label={label} size="small">
      <TableBody>
        {rows.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: { xs: '38%', sm: 280 } }}>
              {name}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
