import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { FormikProps } from 'formik';
import { OPTION_FIELDS, type StepErrors, type WizardValues } from '../request-form';

type Props = { form: FormikProps<WizardValues>; errors: StepErrors; locked: boolean };

// Step 2 of the collection wizard: what personal data to ask for; at least one (spec s.5).
export function OptionsStep({ form, errors, locked }: Props) {
  return (
    <FormControl component="fieldset" error={Boolean(errors.options)} disabled={locked} variant="standard">
      <FormLabel component="legend">Data to collect</FormLabel>
      <FormGroup>
        {OPTION_FIELDS.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Checkbox
                name={`options.${key}`}
                checked={form.values.options[key]}
                onChange={form.handleChange}
                slotProps={{ input: { 'aria-invalid': errors.options ? true : undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>
        {locked ? 'Responses arrived: the requested data cannot change any more.' : 'Tick at least one kind of data.'}
      </FormHelperText>
    </FormControl>
  );
}
