import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FormikProps } from 'formik';
import { Link as RouterLink } from 'react-router';
import { ACCESS_TYPES, QUALITY_CHOICES, type StepErrors, type WizardValues } from '../request-form';
import { PayoutModeFields } from './payout-mode-fields';

type Props = {
  form: FormikProps<WizardValues>;
  errors: StepErrors;
  keys: { id: string; title: string }[] | null;
  // editing: quality and access are fixed once created (spec s.2)
  editing: boolean;
  // published: the escrow pays a fixed amount per response
  published: boolean;
  // responses arrived: the key cannot change any more
  locked: boolean;
};

const GRID = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  columnGap: 3,
  rowGap: 1,
} as const;

// Step 1 of both wizards. A failing field is only marked as an error (spec s.5); the hints under
// the amounts say what a valid amount is.
export function SummaryStep({ form, errors, keys, editing, published, locked }: Props) {
  const { values, handleChange } = form;
  const text = (name: 'title' | 'bonusAmount' | 'bonusEach') => ({
    name,
    id: `request-${name}`,
    value: values[name],
    onChange: handleChange,
    error: Boolean(errors[name]),
    variant: 'standard' as const,
    fullWidth: true,
    margin: 'dense' as const,
  });
  return (
    <Box sx={GRID}>
      <TextField {...text('title')} label="Title" required slotProps={{ htmlInput: { maxLength: 200 } }} />
      <TextField
        id="request-category"
        label="Category"
        value="Default"
        select
        disabled
        variant="standard"
        fullWidth
        margin="dense"
        helperText="Every request is in the Default category."
      >
        <MenuItem value="Default">Default</MenuItem>
      </TextField>
      <TextField
        id="request-description"
        name="description"
        label="Description"
        value={values.description}
        onChange={handleChange}
        multiline
        minRows={2}
        variant="standard"
        fullWidth
        margin="dense"
        sx={{ gridColumn: '1 / -1' }}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <TextField
        id="request-quality"
        label="User Quality"
        value={values.quality}
        onChange={(event) => void form.setFieldValue('quality', event.target.value)}
        select
        disabled={editing}
        variant="standard"
        fullWidth
        margin="dense"
        helperText={editing ? 'Fixed once the request is created.' : ' '}
      >
        {QUALITY_CHOICES.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="request-access"
        label="Access Type"
        value={values.access}
        onChange={(event) => void form.setFieldValue('access', event.target.value)}
        select
        required
        error={Boolean(errors.access)}
        disabled={editing}
        variant="standard"
        fullWidth
        margin="dense"
        helperText={editing ? 'Fixed once the request is created.' : ' '}
      >
        {ACCESS_TYPES.map((access) => (
          <MenuItem key={access} value={access}>
            {access}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="request-key"
        label="Request Key"
        value={keys ? values.keyId : ''}
        onChange={(event) => void form.setFieldValue('keyId', event.target.value)}
        select
        required
        error={Boolean(errors.keyId)}
        disabled={locked || keys === null || keys.length === 0}
        variant="standard"
        fullWidth
        margin="dense"
        helperText={
          locked
            ? 'Responses arrived: they are encrypted to this key, so it cannot change.'
            : 'Responses are encrypted to this key; only a browser holding its private half reads them.'
        }
      >
        {(keys ?? []).map((key) => (
          <MenuItem key={key.id} value={key.id}>
            {key.title}
          </MenuItem>
        ))}
        {keys && values.keyId && !keys.some((key) => key.id === values.keyId) ? (
          // a key deleted since: the request keeps its copy of the public half
          <MenuItem value={values.keyId}>A deleted key</MenuItem>
        ) : null}
      </TextField>
      <TextField
        id="request-bonus"
        label="Bonus"
        value="eth"
        select
        disabled
        variant="standard"
        fullWidth
        margin="dense"
        helperText="Participants are paid in IPT tokens."
      >
        <MenuItem value="eth">IPT Tokens</MenuItem>
      </TextField>
      {keys && keys.length === 0 ? (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          You have no keys yet.{' '}
          <Link component={RouterLink} to="/admin/settings">
            Generate a key pair in settings
          </Link>{' '}
          first: responses are encrypted to it.
        </Alert>
      ) : null}
      <TextField
        {...text('bonusAmount')}
        label="Total IPTs"
        required
        helperText="Whole IPT tokens offered in all (IPT has no decimals)."
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
      />
      <TextField
        {...text('bonusEach')}
        label="IPTs per Response"
        required
        disabled={published}
        helperText={
          published
            ? 'Fixed once published: the escrow pays this amount per response.'
            : 'At least 1, and no more than Total IPTs.'
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
      />
      <PayoutModeFields form={form} errors={errors} locked={locked} />
    </Box>
  );
}
