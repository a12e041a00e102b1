import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type ApiError } from '../../../shared/apollo/graphql-errors';
import { type SqlWhere } from '../join/condition-tree';

/** What a refused action asked for, to ask the data set's uploader for it instead. */
export type AccessContext = { datasetIds: string[]; sqlWhere?: SqlWhere; description: string };

// An action that failed. When a data set's analysis rule refused it, say why (the server's words
// name the rule) and offer to ask the set's uploader.
export function RefusalAlert({ error, onRequestAccess }: { error: ApiError; onRequestAccess: () => void }) {
  const refused = error.code === 'ANALYSIS_RULE';
  return (
    <Alert
      severity={refused ? 'warning' : 'error'}
      action={
        refused ? (
          <Button color="inherit" size="small" onClick={onRequestAccess}>
            Request access
          </Button>
        ) : null
      }
      sx={{ overflowWrap: 'break-word' }}
    >
      {error.message}
    </Alert>
  );
}
