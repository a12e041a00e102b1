import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import Input from '@mui/material/Input';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import type { FormikProps } from 'formik';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { ACCESS_TYPES, QUALITY_CHOICES, type StepErrors, type WizardValues } from '../request-form';
import { PayoutModeFields } from './payout-mode-fields';
import { SelectField } from './select-field';

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

const ACCESS_OPTIONS = ACCESS_TYPES.map((access) => ({ value: access, label: access }));

// Step 1 of both wizards. A failing field is only marked as an error (spec s.5); the hints under
// the amounts say what a valid amount is. The text fields and selects are drawn from plain
// elements with MUI's standard-variant look (FormTextField, SelectField): MUI's TextField brings
// its Select, Menu and all three input variants into the wizard's first screen.
export function SummaryStep({ form, errors, keys, editing, published, locked }: Props) {
  const { values, handleChange } = form;
  const text = (name: 'title' | 'bonusAmount' | 'bonusEach') => ({
    name,
    id: `request-${name}`,
    value: values[name],
    onChange: handleChange,
    error: Boolean(errors[name]),
  });
  const keyOptions = (keys ?? []).map((key) => ({ value: key.id, label: key.title }));
  if (keys && values.keyId && !keys.some((key) => key.id === values.keyId))
    // a key deleted since: the request keeps its copy of the public half
    keyOptions.push({ value: values.keyId, label: 'A deleted key' });
  return (
    <Box sx={GRID}>
      <FormTextField {...text('title')} label="Title" required inputProps={{ maxLength: 200 }} />
      <SelectField
        id="request-category"
        label="Category"
        value="Default"
        options={[{ value: 'Default', label: 'Default' }]}
        disabled
        helperText="Every request is in the Default category."
      />
      {/* MUI's multiline input (its textarea grows with the text) */}
      <FormControl variant="standard" fullWidth margin="dense" sx={{ gridColumn: '1 / -1' }}>
        <InputLabel id="request-description-label" htmlFor="request-description">
          Description
        </InputLabel>
        <Input
          id="request-description"
          name="description"
          value={values.description}
          onChange={handleChange}
          multiline
          minRows={2}
          inputProps={{ maxLength: 5000 }}
        />
      </FormControl>
      <SelectField
        id="request-quality"
        label="User Quality"
        value={values.quality}
        options={QUALITY_CHOICES}
        onChange={(value) => void form.setFieldValue('quality', value)}
        disabled={editing}
        helperText={editing ? 'Fixed once the request is created.' : ' '}
      />
      <SelectField
        id="request-access"
        label="Access Type"
        value={values.access}
        options={ACCESS_OPTIONS}
        onChange={(value) => void form.setFieldValue('access', value)}
        required
        error={Boolean(errors.access)}
        disabled={editing}
        helperText={editing ? 'Fixed once the request is created.' : ' '}
      />
      <SelectField
        id="request-key"
        label="Request Key"
        value={keys ? values.keyId : ''}
        options={keyOptions}
        onChange={(value) => void form.setFieldValue('keyId', value)}
        required
        error={Boolean(errors.keyId)}
        disabled={locked || keys === null || keys.length === 0}
        helperText={
          locked
            ? 'Responses arrived: they are encrypted to this key, so it cannot change.'
            : 'Responses are encrypted to this key; only a browser holding its private half reads them.'
        }
      />
      <SelectField
        id="request-bonus"
        label="Bonus"
        value="eth"
        options={[{ value: 'eth', label: 'IPT Tokens' }]}
        disabled
        helperText="Participants are paid in IPT tokens."
      />
      {keys && keys.length === 0 ? (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          You have no keys yet.{' '}
          <Link component={RouterLink} to="/admin/settings">
            Generate a key pair in settings
          </Link>{' '}
          first: responses are encrypted to it.
        </Alert>
      ) : null}
      <FormTextField
        {...text('bonusAmount')}
        label="Total IPTs"
        required
        helperText="Whole IPT tokens offered in all (IPT has no decimals)."
        inputProps={{ inputMode: 'numeric', maxLength: 20 }}
      />
      <FormTextField
        {...text('bonusEach')}
        label="IPTs per Response"
        required
        disabled={published}
        helperText={
          published
            ? 'Fixed once published: the escrow pays this amount per response.'
            : 'At least 1, and no more than Total IPTs.'
        }
        inputProps={{ inputMode: 'numeric', maxLength: 20 }}
      />
      <PayoutModeFields form={form} errors={errors} locked={locked} />
    </Box>
  );
}
