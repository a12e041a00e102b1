import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PlanCard_PlanFragment } from '../pricing.generated';
import { formatAmount, formatPrice } from '../money';

const QUANTITY = 1;

// The spec's one-line table: product, price, quantity 1, amount.
export function CheckoutSummary({ plan }: { plan: PlanCard_PlanFragment }) {
  return (
    <TableContainer>
      <Table
        aria-label="Order summary"
        size="small"
        sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 } }, '& td': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row">
              {plan.name}: {plan.tokens} IPT Tokens
            </TableCell>
            <TableCell align="right">{formatPrice(plan.priceCents, plan.currency)}</TableCell>
            <TableCell align="right">{QUANTITY}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 500 }}>
              {formatAmount(plan.priceCents * QUANTITY, plan.currency)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
