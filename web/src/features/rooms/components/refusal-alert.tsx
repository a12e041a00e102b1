import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ApiError } from '../../../shared/apollo/graphql-errors';
import { type SqlWhere } from '../join/condition-tree';
import { PARTNER_ROLE_OPTIONS, type PartnerRole } from '../privacy';

/** What a refused action asked for, to ask the data set's uploader for it instead. */
export type AccessContext = { datasetIds: string[]; sqlWhere?: SqlWhere; description: string; columns?: string[] };

/** The column an ANALYSIS_RULE refusal names (details: [{ path: column, message: "<set>: <role>" }]). */
export function refusedColumn(error: ApiError): { column: string; set: string; role: string } | null {
  if (error.code !== 'ANALYSIS_RULE') return null;
  const [column, detail] = Object.entries(error.fields)[0] ?? [];
  if (!column || !detail) return null;
  const at = detail.lastIndexOf(': ');
  return at < 0 ? { column, set: detail, role: '' } : { column, set: detail.slice(0, at), role: detail.slice(at + 2) };
}

// An action that failed. When a data set's rule refused it, say which column stopped it (its role
// in words) and offer to ask the set's uploader; when a privacy budget is spent, say so: asking
// for columns would not help, only the uploader raising the budget does.
export function RefusalAlert({
  error,
  onRequestAccess,
}: {
  error: ApiError;
  onRequestAccess: (columns: string[]) => void;
}) {
  if (error.code === 'PRIVACY_BUDGET') {
    return (
      <Alert severity="warning" sx={{ overflowWrap: 'break-word' }}>
        <AlertTitle>Privacy budget spent</AlertTitle>
        {sentence(error.message)} No queries remaining; nothing was spent on this one.
      </Alert>
    );
  }
  const refused = error.code === 'ANALYSIS_RULE';
  const column = refusedColumn(error);
  const role = column ? PARTNER_ROLE_OPTIONS[column.role as PartnerRole] : undefined;
  const request = refused ? (
    <Button color="inherit" size="small" onClick={() => onRequestAccess(column ? [column.column] : [])}>
      Request access
    </Button>
  ) : null;
  // a refusal that names a column has a longer text: its button goes under it, where a phone has
  // room for both; a short one keeps it beside the message
  return (
    <Alert
      severity={refused ? 'warning' : 'error'}
      action={column ? null : request}
      sx={{ overflowWrap: 'break-word' }}
    >
      {column ? (
        <>
          <AlertTitle>
            Stopped by the column {column.column} of {column.set}
            {role ? ` (${role.label.toLowerCase()})` : ''}
          </AlertTitle>
          {role ? `${sentence(error.message)} ${role.help}` : error.message}
          <Box sx={{ mt: 1, ml: -0.5 }}>{request}</Box>
        </>
      ) : (
        error.message
      )}
    </Alert>
  );
}

// the server's message as a sentence, whichever way it ends
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
